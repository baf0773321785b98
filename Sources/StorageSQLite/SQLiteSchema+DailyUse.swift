extension SQLiteSchema {
    /// What the dashboard a merchant uses every day needs (issue 29). PostgreSQL has the same
    /// changes (`PostgresSchema+DailyUse.swift`, from its 32).
    static let dailyUseMigrations: [SQLiteMigration] = [
        // NULL for merchants made before: pages and receipts read en-US.
        SQLiteMigration(version: 37, name: "merchant locale", statements: [
            "ALTER TABLE merchants ADD COLUMN locale TEXT",
        ]),
        // Team management: an admin forces a password change, or invites a user with a
        // one-time sign-in link (its SHA-256; the token itself is shown once, never kept).
        SQLiteMigration(version: 38, name: "dashboard team: forced password change, invitations", statements: [
            "ALTER TABLE dashboard_users ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE dashboard_users ADD COLUMN invitation_hash TEXT",
            "ALTER TABLE dashboard_users ADD COLUMN invitation_expires_at INTEGER",
            "CREATE UNIQUE INDEX dashboard_users_by_invitation ON dashboard_users (invitation_hash) WHERE invitation_hash IS NOT NULL",
            "CREATE INDEX dashboard_sessions_by_user ON dashboard_sessions (user_id)",
        ]),
        // Two-factor sign-in: the TOTP secret while it is on, and the last step used.
        SQLiteMigration(version: 39, name: "dashboard two-factor sign-in", statements: [
            "ALTER TABLE dashboard_users ADD COLUMN totp_secret TEXT",
            "ALTER TABLE dashboard_users ADD COLUMN totp_last_step INTEGER",
        ]),
        // Disputes of card payments and the merchant's evidence files. The acquirer's case
        // number is unique per merchant, so a dispute file imported twice adds nothing.
        SQLiteMigration(version: 40, name: "disputes", statements: [
            "ALTER TABLE transactions ADD COLUMN charged_back_amount INTEGER NOT NULL DEFAULT 0",
            """
            CREATE TABLE disputes (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                payment_id TEXT NOT NULL,
                reference TEXT NOT NULL,
                reason_code TEXT NOT NULL,
                reason TEXT,
                amount INTEGER NOT NULL,
                currency TEXT NOT NULL,
                status TEXT NOT NULL,
                respond_by INTEGER NOT NULL,
                evidence_text TEXT,
                evidence_submitted_at INTEGER,
                chargeback_id TEXT,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                closed_at INTEGER
            )
            """,
            "CREATE UNIQUE INDEX disputes_by_reference ON disputes (merchant_id, reference)",
            "CREATE INDEX disputes_by_merchant ON disputes (merchant_id, created_at, id)",
            "CREATE INDEX disputes_by_payment ON disputes (merchant_id, payment_id)",
            """
            CREATE TABLE dispute_evidence_files (
                id TEXT PRIMARY KEY,
                dispute_id TEXT NOT NULL REFERENCES disputes (id),
                merchant_id TEXT NOT NULL,
                name TEXT NOT NULL,
                content_type TEXT NOT NULL,
                data BLOB NOT NULL,
                position INTEGER NOT NULL,
                created_at INTEGER NOT NULL
            )
            """,
            "CREATE INDEX dispute_evidence_files_by_dispute ON dispute_evidence_files (dispute_id, position, id)",
        ]),
    ]
}
