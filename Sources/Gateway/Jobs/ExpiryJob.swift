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
        var expired = 0
        for merchant in try await store.read({ try await $0.merchants() }) {
            // Due when createdAt + window <= now; the store's bound is exclusive and dates are
            // kept to the millisecond, so the cutoff is one millisecond later.
            let cutoff = now.addingTimeInterval(-merchant.authorizationWindow + 0.001)
            let due = try await store.read { try await $0.authorizations(createdBefore: cutoff) }
            for authorization in due where authorization.merchantId == merchant.id {
                let changed = try await store.write { writer -> Bool in
                    guard var payment = try await writer.lockTransaction(id: authorization.id, merchantId: merchant.id),
                          PaymentLifecycle.expireIfDue(&payment, now: now, authorizationWindow: merchant.authorizationWindow) else { return false }
                    try await writer.update(payment)
                    return true
                }
                if changed { expired += 1 }
            }
        }
        if expired > 0 { logger.info("expired authorizations", metadata: ["count": "\(expired)"]) }
        return expired
    }
}
