import StorageSQL

extension SQLiteSchema {
    /// The background jobs' queries served by partial indexes instead of indexes led by
    /// `status` that held every payment (``SQLJobIndexes``; PostgreSQL 36).
    static let jobIndexMigrations: [SQLiteMigration] = [
        SQLiteMigration(version: 43, name: "partial indexes for the jobs' queries", statements: SQLJobIndexes.migration),
    ]
}
