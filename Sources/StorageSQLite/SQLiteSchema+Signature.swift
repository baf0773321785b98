extension SQLiteSchema {
    /// A tapped card that asks for a signature: the payment held for it, and the merchant's
    /// waiver. PostgreSQL has the same change (`PostgresSchema+Signature.swift`, its 20).
    static let signatureMigrations: [SQLiteMigration] = [
        SQLiteMigration(version: 26, name: "signature required", statements: [
            // Rows from before it were captured as their card asked, so none is held.
            "ALTER TABLE transactions ADD COLUMN signature_required INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE merchants ADD COLUMN signature_waived INTEGER NOT NULL DEFAULT 0",
        ]),
    ]
}
