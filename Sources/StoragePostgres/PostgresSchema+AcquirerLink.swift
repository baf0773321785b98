extension PostgresSchema {
    /// What the ISO 8583 acquirer link keeps: SQLite's migrations 11 on
    /// (`SQLiteSchema+AcquirerLink.swift`), one for one, in PostgreSQL types.
    static let acquirerLinkMigrations: [PostgresMigration] = [
        // The request message an answer belongs to (SQLite's migration 11).
        PostgresMigration(version: 5, name: "processor trace", statements: [
            "ALTER TABLE transactions ADD COLUMN processor_trace TEXT",
        ].map(PostgresMigration.bytewiseText)),
    ]
}
