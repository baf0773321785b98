extension SQLiteSchema {
    /// What an app attaches to a tapped payment, and the bank account of an ACH debit. PostgreSQL has the same change
    /// (`PostgresSchema+AppData.swift`).
    static let appDataMigrations: [SQLiteMigration] = [
        // Toro's additionalInformation, as JSON object text; NULL when the app sent none.
        SQLiteMigration(version: 18, name: "additional information", statements: [
            "ALTER TABLE transactions ADD COLUMN additional_information TEXT",
        ]),
        // The cardholder's signature taken in the app, base64; NULL when none was taken.
        SQLiteMigration(version: 19, name: "signature", statements: [
            "ALTER TABLE transactions ADD COLUMN signature TEXT",
        ]),
        // The bank account of an ACH debit, masked (SQLTables.bankAccountColumns); NULL on card rows.
        SQLiteMigration(version: 20, name: "ach bank account", statements: [
            "ALTER TABLE transactions ADD COLUMN bank_routing_number TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_account_masked TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_account_hash TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_account_type TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_holder_type TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_holder_name TEXT",
            "ALTER TABLE transactions ADD COLUMN bank_tax_id_masked TEXT",
        ]),
        // A tapped card's CVM results (9F34), hex; NULL on payments from before it or without a tap.
        SQLiteMigration(version: 21, name: "cvm results", statements: [
            "ALTER TABLE transactions ADD COLUMN emv_cvm_results TEXT",
        ]),
    ]
}
