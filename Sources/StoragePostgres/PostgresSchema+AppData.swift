extension PostgresSchema {
    /// What an app attaches to a tapped payment (SQLite's `SQLiteSchema+AppData.swift`).
    static let appDataMigrations: [PostgresMigration] = [
        // Toro's additionalInformation (SQLite's migration 18).
        PostgresMigration(version: 12, name: "additional information", statements: [
            "ALTER TABLE transactions ADD COLUMN additional_information TEXT",
        ].map(PostgresMigration.bytewiseText)),
        // The signature taken in the app (SQLite's migration 19).
        PostgresMigration(version: 13, name: "signature", statements: [
            "ALTER TABLE transactions ADD COLUMN signature TEXT",
        ].map(PostgresMigration.bytewiseText)),
    ]
}
