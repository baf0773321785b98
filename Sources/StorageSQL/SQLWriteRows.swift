import PaymentCore

/// What one write locked: the payments, each as the database holds it now (what the write
/// found, then what it wrote), so an update sets only the columns that changed; and the
/// merchant's open batch, read with a payment's lock, so joining it needs no read of its own.
final class SQLWriteRows: Sendable {
    private let rows = LockedBox([String: Transaction]())
    private let openBatches = LockedBox([String: String]())

    func row(id: String) -> Transaction? {
        rows.withLock { $0[id] }
    }

    func remember(_ row: Transaction) {
        rows.withLock { $0[row.id] = row }
    }

    /// After a statement that changed payments by other columns than their id.
    func forgetAll() {
        rows.withLock { $0 = [:] }
    }

    func openBatchId(merchantId: String) -> String? {
        openBatches.withLock { $0[merchantId] }
    }

    func rememberOpenBatch(_ id: String, merchantId: String) {
        openBatches.withLock { $0[merchantId] = id }
    }

    /// After the write opened, closed or locked a batch itself.
    func forgetOpenBatches() {
        openBatches.withLock { $0 = [:] }
    }
}
