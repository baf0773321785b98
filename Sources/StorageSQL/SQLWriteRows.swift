import PaymentCore

/// The payments one write locked, each as the database holds it now: what the write found,
/// then what it wrote. An update of one of them sets only the columns that changed.
final class SQLWriteRows: Sendable {
    private let rows = LockedBox([String: Transaction]())

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
}
