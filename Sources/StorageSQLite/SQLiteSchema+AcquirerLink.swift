extension SQLiteSchema {
    /// What the ISO 8583 acquirer link keeps (docs/iso8583.md, "Operations"). PostgreSQL has
    /// the same changes as its migrations 5 on (`PostgresSchema+AcquirerLink.swift`).
    static let acquirerLinkMigrations: [SQLiteMigration] = [
        // The request message an answer belongs to (MTI, STAN, transmission time), which a
        // later completion or reversal names in field 90. Older rows stay NULL: simulator.
        SQLiteMigration(version: 11, name: "processor trace", statements: [
            "ALTER TABLE transactions ADD COLUMN processor_trace TEXT",
        ]),
        // The merchant's ids at the acquirer (ISO 8583 fields 42 and 41), payment settings
        // like the others. NULL: not set, and the merchant cannot pay through the link.
        SQLiteMigration(version: 12, name: "acquirer merchant and terminal ids", statements: [
            "ALTER TABLE merchants ADD COLUMN acquirer_merchant_id TEXT",
            "ALTER TABLE merchants ADD COLUMN acquirer_terminal_id TEXT",
        ]),
        // The next trace number (STAN source) of each acquirer terminal id, "" for network
        // messages: reserved in blocks, never handed out twice, kept across restarts.
        SQLiteMigration(version: 13, name: "trace number blocks", statements: [
            """
            CREATE TABLE trace_number_blocks (
                terminal_id TEXT NOT NULL PRIMARY KEY,
                next_number INTEGER NOT NULL
            ) STRICT
            """,
        ]),
        // Reversals owed to the acquirer (store and forward), one per unanswered operation,
        // kept until acknowledged. The link takes due ones by (next_attempt_at, created_at).
        // `message` is the link's text to rebuild the 0400 from; never card data.
        SQLiteMigration(version: 14, name: "pending reversals", statements: [
            """
            CREATE TABLE pending_reversals (
                id TEXT NOT NULL PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                terminal_id TEXT NOT NULL,
                message TEXT NOT NULL,
                attempts INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                next_attempt_at INTEGER NOT NULL
            ) STRICT
            """,
            "CREATE INDEX pending_reversals_due ON pending_reversals (next_attempt_at, created_at, id)",
        ]),
        // The acquirer's answer to a closed batch's totals (0500/0510), as JSON, and its
        // state apart so the settlement job finds the unanswered ones. NULL: no acquirer.
        SQLiteMigration(version: 15, name: "batch reconciliation", statements: [
            "ALTER TABLE batches ADD COLUMN reconciliation_state TEXT",
            "ALTER TABLE batches ADD COLUMN reconciliation TEXT",
            "CREATE INDEX batches_awaiting_reconciliation ON batches (reconciliation_state, closed_at, id)",
        ]),
    ]
}
