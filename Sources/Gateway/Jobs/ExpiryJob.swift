import Foundation
import Logging
import PaymentCore
import Storage

/// Expires authorizations older than their merchant's authorization window.
public struct ExpiryJob: Sendable {
    let store: any Store
    let now: @Sendable () -> Date
    let logger: Logger

    /// Runs one round; returns how many authorizations expired.
    @discardableResult
    public func run() async throws -> Int {
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
        for authorization in candidates {
            guard let window = windows[authorization.merchantId],
                  authorization.createdAt.addingTimeInterval(window) <= now else { continue }
            let changed = try await store.write { writer -> Bool in
                guard var payment = try await writer.lockTransaction(id: authorization.id, merchantId: authorization.merchantId),
                      PaymentLifecycle.expireIfDue(&payment, now: now, authorizationWindow: window) else { return false }
                try await writer.update(payment)
                return true
            }
            if changed { expired += 1 }
        }
        if expired > 0 { logger.info("expired authorizations", metadata: ["count": "\(expired)"]) }
        return expired
    }
}
