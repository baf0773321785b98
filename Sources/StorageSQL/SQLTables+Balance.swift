import PaymentCore

extension SQLTables {
    /// A row's `balanceAfter` (SQLite migration 23, PostgreSQL 17): the payment's totals
    /// right after the row's processor answer. Either all four columns are set or none is.
    static let balanceColumns: [SQLTable<Transaction>.Column] = [
        Column(name: "balance_authorized") { SQLValue.integer($0.balanceAfter?.authorized) },
        Column(name: "balance_captured") { SQLValue.integer($0.balanceAfter?.captured) },
        Column(name: "balance_refunded") { SQLValue.integer($0.balanceAfter?.refunded) },
        Column(name: "balance_tip") { SQLValue.integer($0.balanceAfter?.tip) },
    ]

    static func decodeBalance(_ row: SQLRowReader) throws -> PaymentBalance? {
        guard let authorized = try row.optionalInt64("balance_authorized") else { return nil }
        return PaymentBalance(
            authorized: authorized, captured: try row.int64("balance_captured"), refunded: try row.int64("balance_refunded"),
            tip: try row.int64("balance_tip"))
    }
}
