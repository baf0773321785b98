extension SQLiteSchema {
    /// The fingerprints of the keys a database was written with, which `tapline serve`
    /// checks its keys against. PostgreSQL has the same change (`PostgresSchema+Keys.swift`).
    static let keyMigrations: [SQLiteMigration] = [
        // No row until a start records one: a database from before this migration gets its
        // fingerprints on its next start.
        SQLiteMigration(version: 24, name: "key fingerprints", statements: [
            """
            CREATE TABLE key_fingerprints (
                name TEXT NOT NULL PRIMARY KEY,
                token_signing_key TEXT NOT NULL,
                pan_hash_key TEXT NOT NULL,
                recorded_at INTEGER NOT NULL
            ) STRICT
            """,
        ]),
    ]
}
