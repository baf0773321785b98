extension PostgresSchema {
    /// A tapped card that asks for a signature (SQLite's migration 26, `SQLiteSchema+Signature.swift`).
    static let signatureMigrations: [PostgresMigration] = [
        PostgresMigration(version: 20, name: "signature required", statements: [
            "ALTER TABLE transactions ADD COLUMN signature_required BOOLEAN NOT NULL DEFAULT FALSE",
            "ALTER TABLE merchants ADD COLUMN signature_waived BOOLEAN NOT NULL DEFAULT FALSE",
        ]),
    ]
}
