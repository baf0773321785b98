import Foundation
import Logging
import PaymentCore
import Storage

/// Expires authorizations older than their merchant's authorization window, declines
/// payments whose PIN window passed, and forgets card read ids too old to be replayed.
public struct ExpiryJob: Sendable {
    let store: any Store
    let now: @Sendable () -> Date
    /// Read ids are kept this long; an older payload is refused as stale before its id matters.
    let cardReadRetention: TimeInterval
    let logger: Logger
    /// Appends `transaction.expired` / `transaction.declined` in the same write.
    let outbox: WebhookOutbox

    /// Runs one round; returns how many payments expired (authorizations and PIN waits).
    @discardableResult
    public func run() async throws -> Int {
        let expired = try await expireAuthorizations() + (try await expirePINWaits())
        let cutoff = now().addingTimeInterval(-cardReadRetention)
        try await store.write { try await $0.forgetCardReads(seenBefore: cutoff) }
        return expired
    }

    private func expirePINWaits() async throws -> Int {
        let now = now()
        let due = try await store.read { try await $0.paymentsAwaitingPIN(expiredBy: now) }
        var declined = 0
        let outbox = outbox
        for candidate in due {
            let changed = try await store.write { writer -> Bool in
                guard var payment = try await writer.lockTransaction(id: candidate.id, merchantId: candidate.merchantId) else { return false }
                let before = payment
                guard PaymentLifecycle.expirePINIfDue(&payment, now: now) else { return false }
                payment.processorResult = PINExpiry.result
                try await writer.update(payment)
                try await outbox.record(before: before, after: payment, at: now, in: writer)
                return true
            }
            if changed { declined += 1 }
        }
        if declined > 0 { logger.info("declined payments whose PIN window passed", metadata: ["count": "\(declined)"]) }
        return declined
    }

    private func expireAuthorizations() async throws -> Int {
        let now = now()
        let merchants = try await store.read { try await $0.merchants() }
        let windows = Dictionary(uniqueKeysWithValues: merchants.map { ($0.id, $0.authorizationWindow) })
        guard let shortest = windows.values.min() else { return 0 }
        // One query for the shortest window; each merchant's own window is checked below.
        // Due when createdAt + window <= now; the store's bound is exclusive and dates are
        // kept to the millisecond, so the cutoff is one millisecond later.
        let cutoff = now.addingTimeInterval(-shortest + 0.001)
        let candidates = try await store.read { try await $0.authorizations(createdBefore: cutoff) }
        var expired = 0
        let outbox = outbox
        for authorization in candidates {
            guard let window = windows[authorization.merchantId],
                  authorization.createdAt.addingTimeInterval(window) <= now else { continue }
            let changed = try await store.write { writer -> Bool in
                guard var payment = try await writer.lockTransaction(id: authorization.id, merchantId: authorization.merchantId) else { return false }
                let before = payment
                guard PaymentLifecycle.expireIfDue(&payment, now: now, authorizationWindow: window) else { return false }
                try await writer.update(payment)
                try await outbox.record(before: before, after: payment, at: now, in: writer)
                return true
            }
            if changed { expired += 1 }
        }
        if expired > 0 { logger.info("expired authorizations", metadata: ["count": "\(expired)"]) }
        return expired
    }
}

/// What a payment declined for an unanswered PIN shows as its result.
enum PINExpiry {
    // The issuer's soft decline stands: no PIN came, so the 65 was never answered.
    static let result = ProcessorResult(responseCode: "65", message: "PIN not entered within the time allowed")
}
