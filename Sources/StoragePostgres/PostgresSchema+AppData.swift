extension PostgresSchema {
    /// What an app attaches to a tapped payment (SQLite's `SQLiteSchema+AppData.swift`).
    static let appDataMigrations: [PostgresMigration] = [
        // Toro's additionalInformation (SQLite's migration 18).
        PostgresMigration(version: 12, name: "additional information", statements: [
            "ALTER TABLE transactions ADD COLUMN additional_information TEXT",
        ].map(PostgresMigration.bytewiseText)),
    ]
}
