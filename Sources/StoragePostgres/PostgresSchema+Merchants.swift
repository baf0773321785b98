extension PostgresSchema {
    /// Merchant details beyond payment settings (SQLite's `SQLiteSchema+Merchants.swift`).
    static let merchantMigrations: [PostgresMigration] = [
        // Address and contact details for receipts (SQLite's migration 17).
        PostgresMigration(version: 11, name: "merchant profile", statements: [
            "ALTER TABLE merchants ADD COLUMN profile TEXT NOT NULL DEFAULT '{}'",
        ].map(PostgresMigration.bytewiseText)),
    ]
}
