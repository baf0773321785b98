import PaymentCore

/// What a payment wears beside its amount, in the list and on its page: its status
/// (declined, voided, refunded…) and what happened to its money since the approval: a
/// partial approval, a partial refund.
struct DashboardBadge: Sendable {
    var label: String
    /// The stylesheet's class that colours it.
    var style: String

    static func badges(of row: Transaction) -> [DashboardBadge] {
        var badges = [DashboardBadge(label: row.status.rawValue, style: "s-\(row.status.rawValue)")]
        let approvesAnAmount = row.type == .sale || row.type == .authorization
        if approvesAnAmount, row.authorizedAmount > 0, row.authorizedAmount < row.amount {
            badges.append(DashboardBadge(label: "partially approved", style: "s-partial"))
        }
        if row.parentId == nil, row.type != .refund, row.refundedAmount > 0, row.status != .refunded {
            badges.append(DashboardBadge(label: "partially refunded", style: "s-partial"))
        }
        if row.chargedBackAmount > 0 {
            badges.append(DashboardBadge(label: "charged back", style: "s-declined"))
        }
        return badges
    }
}
