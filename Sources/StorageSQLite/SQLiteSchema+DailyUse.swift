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
    ]
}
