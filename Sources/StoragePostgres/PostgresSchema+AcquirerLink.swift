extension PostgresSchema {
    /// What the ISO 8583 acquirer link keeps: SQLite's migrations 11 on
    /// (`SQLiteSchema+AcquirerLink.swift`), one for one, in PostgreSQL types.
    static let acquirerLinkMigrations: [PostgresMigration] = [
        // The request message an answer belongs to (SQLite's migration 11).
        PostgresMigration(version: 5, name: "processor trace", statements: [
            "ALTER TABLE transactions ADD COLUMN processor_trace TEXT",
        ].map(PostgresMigration.bytewiseText)),
        // The merchant's ids at the acquirer (SQLite's migration 12).
        PostgresMigration(version: 6, name: "acquirer merchant and terminal ids", statements: [
            "ALTER TABLE merchants ADD COLUMN acquirer_merchant_id TEXT",
            "ALTER TABLE merchants ADD COLUMN acquirer_terminal_id TEXT",
        ].map(PostgresMigration.bytewiseText)),
        // The next trace number of each acquirer terminal id (SQLite's migration 13).
        PostgresMigration(version: 7, name: "trace number blocks", statements: [
            """
            CREATE TABLE trace_number_blocks (
                terminal_id TEXT PRIMARY KEY,
                next_number BIGINT NOT NULL
            )
            """,
        ].map(PostgresMigration.bytewiseText)),
        // Reversals owed to the acquirer (SQLite's migration 14).
        PostgresMigration(version: 8, name: "pending reversals", statements: [
            """
            CREATE TABLE pending_reversals (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                terminal_id TEXT NOT NULL,
                message TEXT NOT NULL,
                attempts BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                next_attempt_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX pending_reversals_due ON pending_reversals (next_attempt_at, created_at, id)",
        ].map(PostgresMigration.bytewiseText)),
        // The acquirer's answer to a closed batch's totals (SQLite's migration 15).
        PostgresMigration(version: 9, name: "batch reconciliation", statements: [
            "ALTER TABLE batches ADD COLUMN reconciliation_state TEXT",
            "ALTER TABLE batches ADD COLUMN reconciliation TEXT",
            "CREATE INDEX batches_awaiting_reconciliation ON batches (reconciliation_state, closed_at, id)",
        ].map(PostgresMigration.bytewiseText)),
    ]
}
