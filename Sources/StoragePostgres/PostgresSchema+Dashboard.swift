extension PostgresSchema {
    /// The dashboard's users, sessions and audit list (SQLite's `SQLiteSchema+Dashboard.swift`, migration 22).
    static let dashboardMigrations: [PostgresMigration] = [
        PostgresMigration(version: 16, name: "dashboard users, sessions and audit", statements: [
            """
            CREATE TABLE dashboard_users (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                email TEXT NOT NULL,
                role TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                failed_sign_ins BIGINT NOT NULL,
                locked_until BIGINT
            )
            """,
            // Sign-in asks for the email alone, so it names one user across merchants.
            "CREATE UNIQUE INDEX dashboard_users_by_email ON dashboard_users (email)",
            "CREATE INDEX dashboard_users_by_merchant ON dashboard_users (merchant_id, email)",
            """
            CREATE TABLE dashboard_sessions (
                token_hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES dashboard_users (id),
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                csrf_token TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX dashboard_sessions_by_expiry ON dashboard_sessions (expires_at)",
            """
            CREATE TABLE dashboard_audit (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                user_id TEXT NOT NULL,
                user_email TEXT NOT NULL,
                action TEXT NOT NULL,
                subject_id TEXT,
                detail TEXT,
                at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX dashboard_audit_by_merchant ON dashboard_audit (merchant_id, at, id)",
        ].map(PostgresMigration.bytewiseText)),
        // SQLite's migration 23: the timeline's amounts before and after each operation.
        PostgresMigration(version: 17, name: "balance after each answer", statements: [
            "ALTER TABLE transactions ADD COLUMN balance_authorized BIGINT",
            "ALTER TABLE transactions ADD COLUMN balance_captured BIGINT",
            "ALTER TABLE transactions ADD COLUMN balance_refunded BIGINT",
            "ALTER TABLE transactions ADD COLUMN balance_tip BIGINT",
        ]),
    ]
}
