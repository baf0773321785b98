extension PostgresSchema {
    /// An API client's own JWTs (SQLite's migration 27, `SQLiteSchema+IntegratorJWT.swift`).
    static let integratorJWTMigrations: [PostgresMigration] = [
        PostgresMigration(version: 21, name: "integrator JWT keys", statements: [
            "ALTER TABLE api_clients ADD COLUMN jwt_issuer TEXT",
            "ALTER TABLE api_clients ADD COLUMN jwt_settings TEXT",
            "CREATE UNIQUE INDEX api_clients_by_jwt_issuer ON api_clients (jwt_issuer) WHERE jwt_issuer IS NOT NULL",
        ].map(PostgresMigration.bytewiseText)),
    ]
}
