import Mustache
import PaymentCore

extension DashboardPayments {
    /// One payment as a line of the list.
    struct Row: MustacheParent {
        var id: String
        var link: String
        var date: String
        var type: String
        var status: String
        var badges: [DashboardBadge]
        /// What was approved (``DashboardAmount``).
        var amount: String
        /// What was asked, when it differs from ``amount``.
        var asked: String?
        /// The payment's running totals: captured, refunded, and what it nets (captured less
        /// refunded and charged back, `Transaction.netAmount`).
        var captured: String
        var refunded: String
        var net: String
        var instrument: String
        var reference: String
        var customer: String

        init(_ row: Transaction, format: MerchantFormat) {
            id = row.id
            link = DashboardPath.payment(row.id).path
            date = format.time(row.createdAt)
            type = row.type.rawValue
            status = row.status.rawValue
            badges = DashboardBadge.badges(of: row)
            let shown = DashboardAmount(row)
            amount = format.money(shown.approved)
            asked = shown.askedWhenDifferent.map(format.money)
            let money = { (minor: Int64) in format.money(minor, row.currency) }
            captured = money(row.capturedAmount)
            refunded = money(row.refundedAmount)
            net = money(row.netAmount)
            instrument = row.card.map { "\($0.brand) \($0.maskedPan)" } ?? row.bankAccount.map { "ACH \($0.maskedAccountNumber)" } ?? ""
            reference = row.referenceId ?? ""
            customer = row.customerName ?? row.customerEmail ?? ""
        }

        /// Mustache reads a row's fields here, by name, instead of by reflection (`Mirror`),
        /// which was most of a 25-row page's time (`python3 scripts/bench.py --data 100000`).
        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "link": link
            case "date": date
            case "type": type
            case "status": status
            case "badges": badges
            case "amount": amount
            case "asked": asked
            case "captured": captured
            case "refunded": refunded
            case "net": net
            case "instrument": instrument
            case "reference": reference
            case "customer": customer
            default: nil
            }
        }
    }
}
