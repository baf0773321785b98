extension PostgresSchema {
    /// The merchant category code and the issuer's EMV response (SQLite's migration 30, `SQLiteSchema+AcquirerFields.swift`).
    /// Version 23 is the fleet's (`PostgresSchema+Fleet.swift`).
    static let acquirerFieldMigrations: [PostgresMigration] = [
        PostgresMigration(version: 24, name: "merchant category code and issuer EMV response", statements: [
            "ALTER TABLE merchants ADD COLUMN merchant_category_code TEXT",
            "ALTER TABLE transactions ADD COLUMN emv_response TEXT",
        ]),
    ]
}
