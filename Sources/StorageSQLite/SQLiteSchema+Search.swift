import StorageSQL

extension SQLiteSchema {
    /// The dashboard's search (``TransactionQuery/search``) through an FTS5 index with the
    /// trigram tokenizer: any part of three characters or more of a transaction's words, in
    /// any case, found through the index rather than a scan of the merchant's rows.
    ///
    /// The index keeps its own copy of the words (a contentless one with `contentless_delete`
    /// would need SQLite 3.43, and Debian's `sqlite3` 3.40 could not read the file). A row of
    /// it is found and deleted by its rowid, so that rowid must never change: it is the key of
    /// `transaction_search_keys`, an explicit INTEGER PRIMARY KEY, which `VACUUM` (and
    /// `VACUUM INTO`, the backup) keeps, unlike the implicit rowid of `transactions`. Triggers keep both in step with `transactions`; an
    /// update re-indexes only when a word changed. PostgreSQL does the same with `pg_trgm`
    /// (its 31).
    static let searchMigrations: [SQLiteMigration] = [
        SQLiteMigration(version: 36, name: "transaction search: trigram index", statements: [
            "CREATE TABLE transaction_search_keys (key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE) STRICT",
            "CREATE VIRTUAL TABLE transaction_search USING fts5(words, tokenize = 'trigram')",
            "INSERT INTO transaction_search_keys (id) SELECT id FROM transactions ORDER BY rowid",
            """
            INSERT INTO transaction_search (rowid, words)
            SELECT transaction_search_keys.key, \(SQLTextSearch.sqliteWords("transactions."))
            FROM transactions JOIN transaction_search_keys ON transaction_search_keys.id = transactions.id
            """,
            """
            CREATE TRIGGER transaction_search_on_insert AFTER INSERT ON transactions BEGIN
                INSERT INTO transaction_search_keys (id) VALUES (new.id);
                INSERT INTO transaction_search (rowid, words)
                VALUES ((SELECT key FROM transaction_search_keys WHERE id = new.id), \(SQLTextSearch.sqliteWords("new.")));
            END
            """,
            """
            CREATE TRIGGER transaction_search_on_update AFTER UPDATE ON transactions
            WHEN \(SQLTextSearch.sqliteWords("old.")) IS NOT \(SQLTextSearch.sqliteWords("new."))
            BEGIN
                DELETE FROM transaction_search WHERE rowid = (SELECT key FROM transaction_search_keys WHERE id = old.id);
                INSERT INTO transaction_search (rowid, words)
                VALUES ((SELECT key FROM transaction_search_keys WHERE id = old.id), \(SQLTextSearch.sqliteWords("new.")));
            END
            """,
            """
            CREATE TRIGGER transaction_search_on_delete AFTER DELETE ON transactions BEGIN
                DELETE FROM transaction_search WHERE rowid = (SELECT key FROM transaction_search_keys WHERE id = old.id);
                DELETE FROM transaction_search_keys WHERE id = old.id;
            END
            """,
        ]),
    ]
}
