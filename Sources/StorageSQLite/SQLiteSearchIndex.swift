import Logging
import StorageSQL

/// Brings the search index (`transaction_search`, SQLite 36) up to date with the rows the
/// triggers noted in `transaction_search_pending` (SQLite 41). The writer runs it in each
/// group's transaction before the COMMIT, and the store once at open for rows written by
/// anything else (a restore, a seeding script): one FTS5 segment per group, not one per write.
enum SQLiteSearchIndex {
    /// The migration that made `transaction_search_pending` (tests open older schemas too).
    static let pendingTableVersion = 41

    /// Whether `migrations` made the pending table.
    static func applies(to migrations: [SQLiteMigration]) -> Bool {
        migrations.contains { $0.version == pendingTableVersion }
    }

    /// The writer's `beforeCommit` for a store of `migrations`: nil when they predate the
    /// pending table. A failure is logged; the rows stay noted for the next group.
    static func beforeCommit(_ migrations: [SQLiteMigration], logger: Logger) -> (@Sendable (SQLiteHandle) throws -> Void)? {
        guard applies(to: migrations) else { return nil }
        return { handle in
            do {
                try catchUp(handle)
            } catch {
                logger.error("the search index did not catch up; the next commit tries again", metadata: ["error": "\(error)"])
                throw error
            }
        }
    }

    /// At open, before any write: indexes what anything but the writer noted, in a
    /// transaction of its own.
    static func catchUpAtOpen(_ handle: SQLiteHandle, migrations: [SQLiteMigration]) throws {
        guard applies(to: migrations) else { return }
        try handle.run("BEGIN IMMEDIATE")
        do {
            try catchUp(handle)
            try handle.run("COMMIT")
        } catch {
            try? handle.run("ROLLBACK")
            throw error
        }
    }

    /// Re-indexes the noted rows that are not waiting for the processor, and forgets them;
    /// does nothing when there are none, so a group that changed no payment's words never
    /// touches the index. A payment stays noted while `pending`: its phase 3 changes its
    /// words (the authorization code, the approved amount), so it is indexed once, finished,
    /// instead of twice; until then a search matches its words as they are
    /// (``SQLTextSearch/clause(text:amount:)``).
    static func catchUp(_ handle: SQLiteHandle) throws {
        guard try !handle.rows(anyDue, [], subject: "transaction_search_pending").isEmpty else { return }
        for statement in [removeStale, insertCurrent, forget, mergeStep] {
            try handle.run(statement)
        }
    }

    /// FTS5 merges at most about this many pages at each catch-up (SQLite 42 turned its own
    /// `automerge` off, which took 10 to 30 ms of one write in every few hundred). A level is
    /// merged once it holds 8 segments (`usermerge`). The step also writes the group's new
    /// segment, which FTS5 otherwise wrote at the savepoint's release: about 0.2 ms in all.
    static let mergePages = 16
    private static let mergeStep = "INSERT INTO transaction_search (transaction_search, rank) VALUES ('merge', \(mergePages))"

    /// The noted rows that are due, with their payments. CROSS JOIN fixes the order: from the
    /// few noted rows to their payments; left to itself SQLite scanned every payment (25 ms
    /// with 100,000).
    private static let due = """
        FROM transaction_search_pending
        CROSS JOIN transaction_search_keys ON transaction_search_keys.key = transaction_search_pending.key
        CROSS JOIN transactions ON transactions.id = transaction_search_keys.id
        WHERE transactions.status <> 'pending'
        """
    private static let anyDue = "SELECT 1 \(due) LIMIT 1"
    private static let removeStale = "DELETE FROM transaction_search WHERE rowid IN (SELECT transaction_search_pending.key \(due))"
    private static let insertCurrent = """
        INSERT INTO transaction_search (rowid, words)
        SELECT transaction_search_pending.key, \(SQLTextSearch.sqliteWords("transactions.")) \(due)
        """
    private static let forget = "DELETE FROM transaction_search_pending WHERE key IN (SELECT transaction_search_pending.key \(due))"
}
