import StorageSQL

extension PostgresSchema {
    /// The background jobs' queries served by partial indexes instead of indexes led by
    /// `status` that held every payment (``SQLJobIndexes``; SQLite 43).
    static let jobIndexMigrations: [PostgresMigration] = [
        PostgresMigration(version: 36, name: "partial indexes for the jobs' queries", statements: SQLJobIndexes.migration),
    ]
}
