extension PostgresSchema {
    /// What an app attaches to a tapped payment, and the bank account of an ACH debit (SQLite's `SQLiteSchema+AppData.swift`).
    static let appDataMigrations: [PostgresMigration] = [
        // Toro's additionalInformation (SQLite's migration 18).
        PostgresMigration(version: 12, name: "additional information", statements: [
            "ALTER TABLE transactions ADD COLUMN additional_information TEXT",
        ].map(PostgresMigration.bytewiseText)),
        // The signature taken in the app (SQLite's migration 19).
        PostgresMigration(version: 13, name: "signature", statements: [
            "ALTER TABLE transactions ADD COLUMN signature TEXT",
        ].map(PostgresMigration.bytewiseText)),
        // The bank account of an ACH debit (SQLite's migration 20).
        PostgresMigration(version: 14, name: "ach bank account", statements: [
            "ALTER TABLE transactions ADD COLUMN bank_routing_number TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_account_masked TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_account_hash TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_account_type TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_holder_type TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_holder_name TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_tax_id_masked TEXT",
        ].map(PostgresMigration.bytewiseText)),
        // A tapped card's CVM results (SQLite's migration 21).
        PostgresMigration(version: 15, name: "cvm results", statements: [
            "ALTER TABLE transactions ADD COLUMN emv_cvm_results TEXT",
        ].map(PostgresMigration.bytewiseText)),
    ]
}
