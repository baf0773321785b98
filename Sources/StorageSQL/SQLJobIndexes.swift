import PaymentCore

/// The background jobs' queries across merchants, and the partial indexes that serve them
/// (SQLite 43, PostgreSQL 36).
///
/// Each job looks for payments in one status only: pending ones for recovery, authorized
/// originals for expiry, PIN challenges that ran out, ACH debits in clearing. Indexes led by
/// `status` held every payment instead, so a sale moved inside three of them when its phase 3
/// recorded the answer (a delete and an insert in each) and entered all three in phase 1. A
/// partial index holds only the rows its job looks for: a sale enters one and leaves it. The
/// statuses are written into the conditions as literals, because a database uses a partial
/// index only for a query whose own condition implies the index's. `transactions_by_parent`
/// goes too: a follow-up's siblings are found through `transactions_follow_ups` (SQLite 34,
/// PostgreSQL 28), and SQLite took it for the authorizations' `parent_id IS NULL`, a walk of
/// every original.
/// Part of shipped migrations: never edit `migration` or the predicates it is made of; add a
/// migration instead.
package enum SQLJobIndexes {
    // Each partial index's rows, spelled once: a job's condition must imply its index's.
    private static let pending = "status = '\(TransactionStatus.pending.rawValue)'"
    private static let authorizations = "status = '\(TransactionStatus.authorized.rawValue)' AND parent_id IS NULL"
    private static let achInClearing =
        "type = '\(TransactionType.achDebit.rawValue)' AND status = '\(TransactionStatus.inProgress.rawValue)'"
    private static let pinChallenges = "status = '\(TransactionStatus.pinRequired.rawValue)'"

    package static let pendingUpdatedBefore = "\(pending) AND updated_at < ?"
    package static let authorizationsCreatedBefore = "\(authorizations) AND created_at < ?"
    package static let achDebitsSettledBefore = "\(achInClearing) AND settled_at < ?"
    package static let pinChallengesExpiredBy = "\(pinChallenges) AND pin_expires_at <= ?"

    /// A follow-up's siblings (``SQLQuerying/followUps(of:merchantId:)``).
    package static let followUpsOfParent = "parent_id = ? AND merchant_id = ?"

    /// Each job's condition, and a follow-up's siblings', with the index that serves it (tests
    /// check the plans).
    package static let served: [(condition: String, index: String)] = [
        (followUpsOfParent, "transactions_follow_ups"),
        (pendingUpdatedBefore, "transactions_pending_by_updated"),
        (authorizationsCreatedBefore, "transactions_authorizations_by_created"),
        (achDebitsSettledBefore, "transactions_ach_clearing_by_settled"),
        (pinChallengesExpiredBy, "transactions_pin_challenges_by_expiry"),
    ]

    /// The same statements in both stores' dialects.
    package static let migration = [
        "DROP INDEX transactions_by_status_updated",
        "DROP INDEX transactions_by_status_created",
        "DROP INDEX transactions_by_status_pin_expiry",
        "DROP INDEX transactions_by_parent",
        "CREATE INDEX transactions_pending_by_updated ON transactions (updated_at, id) WHERE \(pending)",
        "CREATE INDEX transactions_authorizations_by_created ON transactions (created_at, id) WHERE \(authorizations)",
        "CREATE INDEX transactions_ach_clearing_by_settled ON transactions (settled_at, id) WHERE \(achInClearing)",
        "CREATE INDEX transactions_pin_challenges_by_expiry ON transactions (pin_expires_at, id) WHERE \(pinChallenges)",
    ]
}
