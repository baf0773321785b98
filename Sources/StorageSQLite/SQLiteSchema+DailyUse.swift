extension SQLiteSchema {
    /// What the dashboard a merchant uses every day needs (issue 29). PostgreSQL has the same
    /// changes (`PostgresSchema+DailyUse.swift`, from its 32).
    static let dailyUseMigrations: [SQLiteMigration] = [
        // NULL for merchants made before: pages and receipts read en-US.
        SQLiteMigration(version: 37, name: "merchant locale", statements: [
            "ALTER TABLE merchants ADD COLUMN locale TEXT",
        ]),
    ]
}
