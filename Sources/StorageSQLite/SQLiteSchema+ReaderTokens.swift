extension SQLiteSchema {
    /// The merchant's identifier at Apple, which signed reader tokens may carry. PostgreSQL
    /// has the same change (`PostgresSchema+ReaderTokens.swift`, its 22). Version 27 is left
    /// to another change under way.
    static let readerTokenMigrations: [SQLiteMigration] = [
        SQLiteMigration(version: 28, name: "apple merchant identifier", statements: [
            "ALTER TABLE merchants ADD COLUMN apple_merchant_identifier TEXT",
        ]),
    ]
}
