extension SQLiteSchema {
    /// The dashboard's users, sessions and audit list. PostgreSQL has the same change
    /// (`PostgresSchema+Dashboard.swift`).
    static let dashboardMigrations: [SQLiteMigration] = [
        SQLiteMigration(version: 22, name: "dashboard users, sessions and audit", statements: [
            """
            CREATE TABLE dashboard_users (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                email TEXT NOT NULL,
                role TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                failed_sign_ins INTEGER NOT NULL,
                locked_until INTEGER
            ) STRICT
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
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL
            ) STRICT
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
                at INTEGER NOT NULL
            ) STRICT
            """,
            "CREATE INDEX dashboard_audit_by_merchant ON dashboard_audit (merchant_id, at, id)",
        ]),
        // The timeline's amounts before and after each operation (`Transaction.balanceAfter`).
        SQLiteMigration(version: 23, name: "balance after each answer", statements: [
            "ALTER TABLE transactions ADD COLUMN balance_authorized INTEGER",
            "ALTER TABLE transactions ADD COLUMN balance_captured INTEGER",
            "ALTER TABLE transactions ADD COLUMN balance_refunded INTEGER",
            "ALTER TABLE transactions ADD COLUMN balance_tip INTEGER",
        ]),
    ]
}
