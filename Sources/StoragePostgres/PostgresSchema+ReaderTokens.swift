extension PostgresSchema {
    /// The merchant's identifier at Apple (SQLite's migration 28, `SQLiteSchema+ReaderTokens.swift`).
    /// Version 21 is left to another change under way.
    static let readerTokenMigrations: [PostgresMigration] = [
        PostgresMigration(version: 22, name: "apple merchant identifier", statements: [
            "ALTER TABLE merchants ADD COLUMN apple_merchant_identifier TEXT",
        ]),
    ]
}
