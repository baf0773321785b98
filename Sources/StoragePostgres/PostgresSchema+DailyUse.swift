extension PostgresSchema {
    /// What the dashboard a merchant uses every day needs (SQLite's from 37,
    /// `SQLiteSchema+DailyUse.swift`).
    static let dailyUseMigrations: [PostgresMigration] = [
        PostgresMigration(version: 32, name: "merchant locale", statements: [
            "ALTER TABLE merchants ADD COLUMN locale TEXT",
        ]),
    ]
}
