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
    ]
}
