extension PostgresSchema {
    /// The merchant category code and the issuer's EMV response (SQLite's migration 30, `SQLiteSchema+AcquirerFields.swift`).
    /// Version 23 is the fleet's (`PostgresSchema+Fleet.swift`).
    static let acquirerFieldMigrations: [PostgresMigration] = [
        PostgresMigration(version: 24, name: "merchant category code and issuer EMV response", statements: [
            "ALTER TABLE merchants ADD COLUMN merchant_category_code TEXT",
            "ALTER TABLE transactions ADD COLUMN emv_response TEXT",
        ]),
        // Each acquirer link repeats only its own reversals (docs/iso8583.md "Several
        // acquirers"). Rows owed before were the one link's, whose id is this default.
        // SQLite has the same change, its 31.
        PostgresMigration(version: 25, name: "owed reversals by acquirer link", statements: [
            "ALTER TABLE pending_reversals ADD COLUMN processor_id TEXT NOT NULL DEFAULT '5c0e6d3b-8f27-4a19-b6d4-2e91f7a0c843'",
        ]),
    ]
}
