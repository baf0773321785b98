/// What the shared SQL cannot write the same way on every store. Everything else is SQL that
/// SQLite and PostgreSQL both accept (`TRUE`, `NULLS FIRST`, `ON CONFLICT DO NOTHING RETURNING`).
package struct SQLDialect: Sendable {
    /// Appended to the SELECT of `lockTransaction`, so the row stays locked until the write
    /// ends; nil where a write already excludes every other writer (SQLite's single writer).
    package let transactionLock: String?
    /// Appended to the SELECT of `dueWebhookDeliveries` and `duePendingReversals` in a write,
    /// so workers of several instances claim different rows; nil where there is one writer.
    /// A reader never locks.
    package let deliveryClaim: String?
    /// Appended to the SELECT of `openBatch` in a write: payments joining the open batch
    /// share it (they never wait for each other), and a close, which locks it with
    /// ``transactionLock``, waits until they have committed. Nil on SQLite's single writer.
    package let shareLock: String?

    package init(transactionLock: String?, deliveryClaim: String?, shareLock: String?) {
        self.transactionLock = transactionLock
        self.deliveryClaim = deliveryClaim
        self.shareLock = shareLock
    }
}
