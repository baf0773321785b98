extension PostgresSchema {
    /// The fingerprints of the keys a database was written with (SQLite's `SQLiteSchema+Keys.swift`, migration 24).
    static let keyMigrations: [PostgresMigration] = [
        PostgresMigration(version: 18, name: "key fingerprints", statements: [
            """
            CREATE TABLE key_fingerprints (
                name TEXT PRIMARY KEY,
                token_signing_key TEXT NOT NULL,
                pan_hash_key TEXT NOT NULL,
                recorded_at BIGINT NOT NULL
            )
            """,
        ].map(PostgresMigration.bytewiseText)),
    ]
}
