import PaymentCore

/// The open batch each merchant's payments last joined, as this process saw it. Only a guess
/// (another instance, or a close, may have changed it since): what is built from it before a
/// write is checked inside the write, which reads the open batch itself.
final class OpenBatchMemo: Sendable {
    /// Merchants kept at most; past it the memo starts again (a miss costs a render in the write).
    static let limit = 4_096
    private let batches = LockedBox([String: String]())

    func last(merchantId: String) -> String? {
        batches.withLock { $0[merchantId] }
    }

    func remember(_ batchId: String?, merchantId: String) {
        guard let batchId else { return }
        batches.withLock { batches in
            guard batches[merchantId] != batchId else { return }
            if batches.count >= Self.limit { batches.removeAll(keepingCapacity: true) }
            batches[merchantId] = batchId
        }
    }
}
