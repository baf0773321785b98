extension PostgresSchema {
    /// SQLite's `lookupMigrations`, one for one.
    static let lookupMigrations: [PostgresMigration] = [
        // SQLite's migration 25: a payment by the STAN the acquirer link sent it under.
        PostgresMigration(version: 19, name: "transactions by acquirer trace and by id prefix", statements: [
            "CREATE INDEX transactions_by_merchant_trace ON transactions (merchant_id, processor_trace) WHERE processor_trace IS NOT NULL",
            // An inter-app short order code is the start of a payment's id: a range within the merchant.
            "CREATE INDEX transactions_by_merchant_id ON transactions (merchant_id, id)",
        ]),
    ]
}
