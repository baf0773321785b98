import PaymentCore

/// The cache tokens one write has read, so it reads each merchant's once; forgotten for a
/// merchant the write itself changes, whose token its own triggers just renewed.
final class SQLWriteTokens: Sendable {
    private let tokens = LockedBox([String: Int64]())

    func token(merchantId: String) -> Int64? {
        tokens.withLock { $0[merchantId] }
    }

    func remember(_ token: Int64, merchantId: String) {
        tokens.withLock { $0[merchantId] = token }
    }

    func forget(merchantId: String) {
        tokens.withLock { $0[merchantId] = nil }
    }
}
