import PaymentCore

/// A transaction's amount as the dashboard shows and exports it: what the processor
/// approved, with what was asked beside it when the two differ. A partial approval of a
/// 10.10 sale shows 5.05 (asked 10.10); a decline shows 0.00 (asked 10.10).
struct DashboardAmount {
    /// What the processor approved; zero while nothing is.
    let approved: Money
    /// What the row asked for (`Transaction.amount`).
    let asked: Money

    init(_ row: Transaction) {
        approved = Money(minorUnits: row.approvedAmount, currency: row.currency)
        asked = row.money
    }

    /// The asked amount when it is not the approved one, for a note beside it; nil when equal.
    var askedWhenDifferent: Money? { approved == asked ? nil : asked }

    /// "$5.05", or "$5.05 (asked $10.10)" when they differ, in the merchant's format.
    func text(_ format: MerchantFormat) -> String {
        askedWhenDifferent.map { "\(format.money(approved)) (asked \(format.money($0)))" } ?? format.money(approved)
    }
}
