extension PostgresSchema {
    /// What the dashboard a merchant uses every day needs (SQLite's from 37,
    /// `SQLiteSchema+DailyUse.swift`).
    static let dailyUseMigrations: [PostgresMigration] = [
        PostgresMigration(version: 32, name: "merchant locale", statements: [
            "ALTER TABLE merchants ADD COLUMN locale TEXT",
        ]),
        PostgresMigration(version: 33, name: "dashboard team: forced password change, invitations", statements: [
            "ALTER TABLE dashboard_users ADD COLUMN must_change_password BOOLEAN NOT NULL DEFAULT FALSE",
            "ALTER TABLE dashboard_users ADD COLUMN invitation_hash TEXT",
            "ALTER TABLE dashboard_users ADD COLUMN invitation_expires_at BIGINT",
            "CREATE UNIQUE INDEX dashboard_users_by_invitation ON dashboard_users (invitation_hash) WHERE invitation_hash IS NOT NULL",
            "CREATE INDEX dashboard_sessions_by_user ON dashboard_sessions (user_id)",
        ]),
        PostgresMigration(version: 34, name: "dashboard two-factor sign-in", statements: [
            "ALTER TABLE dashboard_users ADD COLUMN totp_secret TEXT",
            "ALTER TABLE dashboard_users ADD COLUMN totp_last_step BIGINT",
        ]),
        PostgresMigration(version: 35, name: "disputes", statements: [
            "ALTER TABLE transactions ADD COLUMN charged_back_amount BIGINT NOT NULL DEFAULT 0",
            """
            CREATE TABLE disputes (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                payment_id TEXT NOT NULL,
                reference TEXT NOT NULL,
                reason_code TEXT NOT NULL,
                reason TEXT,
                amount BIGINT NOT NULL,
                currency TEXT NOT NULL,
                status TEXT NOT NULL,
                respond_by BIGINT NOT NULL,
                evidence_text TEXT,
                evidence_submitted_at BIGINT,
                chargeback_id TEXT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                closed_at BIGINT
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
                data BYTEA NOT NULL,
                position BIGINT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX dispute_evidence_files_by_dispute ON dispute_evidence_files (dispute_id, position, id)",
        ].map(PostgresMigration.bytewiseText)),
    ]
}
