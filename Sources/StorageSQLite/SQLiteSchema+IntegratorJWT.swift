extension SQLiteSchema {
    /// An API client's own JWTs (the Halo integrator's backend): its keys and claims, and the
    /// issuer apart, unique, because a token's `iss` must name exactly one client. PostgreSQL
    /// has the same change (`PostgresSchema+IntegratorJWT.swift`, its 21).
    static let integratorJWTMigrations: [SQLiteMigration] = [
        SQLiteMigration(version: 27, name: "integrator JWT keys", statements: [
            "ALTER TABLE api_clients ADD COLUMN jwt_issuer TEXT",
            "ALTER TABLE api_clients ADD COLUMN jwt_settings TEXT",
            "CREATE UNIQUE INDEX api_clients_by_jwt_issuer ON api_clients (jwt_issuer) WHERE jwt_issuer IS NOT NULL",
        ]),
    ]
}
