extension SQLiteSchema {
    /// What an app attaches to a tapped payment. PostgreSQL has the same change
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
    ]
}
