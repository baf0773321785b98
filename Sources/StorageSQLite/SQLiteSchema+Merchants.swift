extension SQLiteSchema {
    /// Merchant details beyond payment settings. PostgreSQL has the same change
    /// (`PostgresSchema+Merchants.swift`).
    static let merchantMigrations: [SQLiteMigration] = [
        // Address and contact details for receipts, as JSON; '{}' for merchants made before.
        SQLiteMigration(version: 17, name: "merchant profile", statements: [
            "ALTER TABLE merchants ADD COLUMN profile TEXT NOT NULL DEFAULT '{}'",
        ]),
    ]
}
