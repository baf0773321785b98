import StorageSQL

extension SQLiteSchema {
    /// The search index brought up to date once per group commit instead of inside every
    /// write (``SQLiteSearchIndex``). FTS5 flushes what it holds in memory into a new segment
    /// at every `SAVEPOINT` that follows a write to it, and each write of a group runs in a
    /// savepoint of its own: with the triggers of 36 writing the index, every write made a
    /// one-row segment and FTS5 merged them again and again, about a fifth of the writer's CPU. The
    /// triggers now only note which rows' words changed; the writer indexes them in the same
    /// transaction, just before its COMMIT, so a committed payment is always searchable. An
    /// update that sets none of the words' columns no longer runs the words' comparison.
    static let searchAtCommitMigrations: [SQLiteMigration] = [
        SQLiteMigration(version: 41, name: "transaction search: indexed once per group commit", statements: [
            "CREATE TABLE transaction_search_pending (key INTEGER PRIMARY KEY) STRICT",
            "DROP TRIGGER transaction_search_on_insert",
            "DROP TRIGGER transaction_search_on_update",
            "DROP TRIGGER transaction_search_on_delete",
            """
            CREATE TRIGGER transaction_search_on_insert AFTER INSERT ON transactions BEGIN
                INSERT INTO transaction_search_keys (id) VALUES (new.id);
                INSERT INTO transaction_search_pending (key) SELECT key FROM transaction_search_keys WHERE id = new.id;
            END
            """,
            """
            CREATE TRIGGER transaction_search_on_update
            AFTER UPDATE OF \(SQLTextSearch.sqliteWordColumns.joined(separator: ", ")) ON transactions
            WHEN \(SQLTextSearch.sqliteWords("old.")) IS NOT \(SQLTextSearch.sqliteWords("new."))
            BEGIN
                INSERT OR IGNORE INTO transaction_search_pending (key) SELECT key FROM transaction_search_keys WHERE id = old.id;
            END
            """,
            """
            CREATE TRIGGER transaction_search_on_delete AFTER DELETE ON transactions BEGIN
                DELETE FROM transaction_search WHERE rowid = (SELECT key FROM transaction_search_keys WHERE id = old.id);
                DELETE FROM transaction_search_pending WHERE key = (SELECT key FROM transaction_search_keys WHERE id = old.id);
                DELETE FROM transaction_search_keys WHERE id = old.id;
            END
            """,
        ]),
        // FTS5's own merging (`automerge`) runs inside the write that crosses a threshold: every
        // 64 leaf pages written, it merges 64 pages for each level of the index at once, 10 to
        // 30 ms of the writer's time that every write queued behind it waits out (the p99 of keyed
        // sales). Off, and the writer merges a few pages at each catch-up instead
        // (``SQLiteSearchIndex/mergePages``): the same work, spread evenly. A level is merged once
        // it holds 8 segments rather than 4 (`usermerge`), so each row is copied fewer times.
        SQLiteMigration(version: 42, name: "transaction search: merged a little at each commit", statements: [
            "INSERT INTO transaction_search (transaction_search, rank) VALUES ('automerge', 0)",
            "INSERT INTO transaction_search (transaction_search, rank) VALUES ('usermerge', 8)",
        ]),
    ]
}
