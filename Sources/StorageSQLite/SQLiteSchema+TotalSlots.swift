extension SQLiteSchema {
    /// PostgreSQL spreads each batch-totals line over 16 rows (`slot`), so that instances'
    /// payments joining one batch do not queue on one row (`PostgresSchema+TotalSlots.swift`,
    /// its 29). SQLite has one writer and nothing to queue on: its triggers keep every line
    /// in slot 0, and the column is here so both schemas and the shared read (which sums
    /// the slots) stay the same.
    static let totalSlotMigrations: [SQLiteMigration] = [
        SQLiteMigration(version: 35, name: "batch totals slot column", statements: [
            "ALTER TABLE batch_totals ADD COLUMN slot INTEGER NOT NULL DEFAULT 0",
        ]),
    ]
}
