extension PostgresSchema {
    /// What instances sharing a database keep about each other (SQLite's `fleetMigrations`).
    static let fleetMigrations: [PostgresMigration] = [
        // Each running gateway's heartbeat (SQLite's migration 29).
        PostgresMigration(version: 23, name: "gateway instances", statements: [
            """
            CREATE TABLE gateway_instances (
                id TEXT PRIMARY KEY,
                started_at BIGINT NOT NULL,
                seen_at BIGINT NOT NULL
            )
            """,
        ].map(PostgresMigration.bytewiseText)),
    ]
}
