import Foundation
import PaymentCore
import Storage

extension SQLTables {
    /// A transaction's `PaymentBreakdown`, flattened into columns of its own (SQLite
    /// migration 5). Amounts are integer minor units; rates are TEXT decimal fractions (``Rate/fraction``), never REAL.
    static let breakdownColumns: [SQLTable<Transaction>.Column] = [
        Column(name: "breakdown_subtotal") { SQLValue.integer($0.breakdown?.subtotal) },
        Column(name: "breakdown_tax_rate") { SQLValue.decimal($0.breakdown?.taxRate?.fraction) },
        Column(name: "breakdown_tax_amount") { SQLValue.integer($0.breakdown?.taxAmount) },
        Column(name: "breakdown_tip_amount") { SQLValue.integer($0.breakdown?.tipAmount) },
        Column(name: "breakdown_tip_type") { SQLValue.text($0.breakdown?.tipType.rawValue) },
        Column(name: "breakdown_surcharge_amount") { SQLValue.integer($0.breakdown?.surchargeAmount) },
        Column(name: "breakdown_surcharge_rate") { SQLValue.decimal($0.breakdown?.surchargeRate?.fraction) },
    ]

    // A breakdown is there when its subtotal is; its other amounts and tip type are then required.
    static func decodeBreakdown(_ row: SQLRowReader) throws -> PaymentBreakdown? {
        guard let subtotal = try row.optionalInt64("breakdown_subtotal") else { return nil }
        return PaymentBreakdown(
            subtotal: subtotal, taxRate: try row.optionalDecimal("breakdown_tax_rate").map(Rate.fraction),
            taxAmount: try row.int64("breakdown_tax_amount"), tipAmount: try row.int64("breakdown_tip_amount"),
            tipType: try row.value(PaymentBreakdown.TipType.self, "breakdown_tip_type"),
            surchargeAmount: try row.int64("breakdown_surcharge_amount"),
            surchargeRate: try row.optionalDecimal("breakdown_surcharge_rate").map(Rate.fraction))
    }
}
