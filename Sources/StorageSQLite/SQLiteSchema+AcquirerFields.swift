extension SQLiteSchema {
    /// The merchant category code the acquirer link sends in ISO 8583 field 18, and the
    /// issuer's EMV answer (tags 91, 71, 72 of field 55) on a tapped payment. PostgreSQL
    /// has the same change (`PostgresSchema+AcquirerFields.swift`, its 24). Version 29 is the
    /// fleet's (`SQLiteSchema+Fleet.swift`).
    static let acquirerFieldMigrations: [SQLiteMigration] = [
        // NULL for merchants made before: the link sends the default, 5999.
        SQLiteMigration(version: 30, name: "merchant category code and issuer EMV response", statements: [
            "ALTER TABLE merchants ADD COLUMN merchant_category_code TEXT",
            "ALTER TABLE transactions ADD COLUMN emv_response TEXT",
        ]),
        // Each acquirer link repeats only its own reversals (docs/iso8583.md "Several
        // acquirers"). Rows owed before were the one link's, whose id is this default.
        // PostgreSQL has the same change, its 25.
        SQLiteMigration(version: 31, name: "owed reversals by acquirer link", statements: [
            "ALTER TABLE pending_reversals ADD COLUMN processor_id TEXT NOT NULL DEFAULT '5c0e6d3b-8f27-4a19-b6d4-2e91f7a0c843'",
        ]),
    ]
}
