extension SQLiteSchema {
    /// What instances sharing a database keep about each other. PostgreSQL has the same
    /// change (`PostgresSchema+Fleet.swift`, its 23).
    static let fleetMigrations: [SQLiteMigration] = [
        // Each running gateway's heartbeat, so recovery tells a crashed instance's pending
        // operations from a live one's (`GatewayInstance`).
        SQLiteMigration(version: 29, name: "gateway instances", statements: [
            """
            CREATE TABLE gateway_instances (
                id TEXT NOT NULL PRIMARY KEY,
                started_at INTEGER NOT NULL,
                seen_at INTEGER NOT NULL
            ) STRICT
            """,
        ]),
    ]
}
