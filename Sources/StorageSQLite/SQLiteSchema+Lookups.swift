extension SQLiteSchema {
    /// Indexes for finding one payment by what a caller outside Tapline knows of it.
    static let lookupMigrations: [SQLiteMigration] = [
        // An inter-app `referenceNumber` is the STAN the acquirer link sent a payment under:
        // `processor_trace` starts with it. Partial, so payments through the simulator (no
        // trace) cost the index nothing.
        SQLiteMigration(version: 25, name: "transactions by acquirer trace and by id prefix", statements: [
            "CREATE INDEX transactions_by_merchant_trace ON transactions (merchant_id, processor_trace) WHERE processor_trace IS NOT NULL",
            // An inter-app short order code is the start of a payment's id: a range within the merchant.
            "CREATE INDEX transactions_by_merchant_id ON transactions (merchant_id, id)",
        ]),
    ]
}
