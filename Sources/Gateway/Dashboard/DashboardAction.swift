import PaymentCore

/// An operation an admin can ask for on a payment's page, as its form names it, with what
/// it says to the user and the use case's request it becomes.
enum DashboardAction: String, Sendable, CaseIterable {
    case capture, reverse, refund, void
    case adjustTip = "adjust-tip"
    case increaseAuthorization = "increase-authorization"

    /// The action that offers `type`, when the page offers it.
    init?(offering type: TransactionType) {
        switch type {
        case .incrementalAuthorization: self = .increaseAuthorization
        case .capture: self = .capture
        case .reversal: self = .reverse
        case .refund: self = .refund
        case .void: self = .void
        case .tipAdjustment: self = .adjustTip
        default: return nil
        }
    }

    /// The button's words; an ACH debit's void is a cancel.
    func label(ach: Bool) -> String {
        switch self {
        case .capture: return "Capture"
        case .reverse: return "Reverse"
        case .refund: return "Refund"
        case .void: return ach ? "Cancel" : "Void"
        case .adjustTip: return "Adjust tip"
        case .increaseAuthorization: return "Increase authorization"
        }
    }

    /// Whether the form asks for an amount, and whether it may be left empty (all of it).
    var takesAmount: Bool { self != .void }
    var amountOptional: Bool { self == .capture || self == .reverse || self == .refund }

    /// What the amount field means, under its label; `most` is the most the action can move now.
    func hint(most: String?) -> String {
        switch self {
        case .capture, .reverse, .refund: return "leave empty for all (\(most ?? "all"))"
        case .adjustTip: return "the new tip"
        case .increaseAuthorization: return "the increase, added to what is authorized"
        case .void: return ""
        }
    }

    /// The use case's request; `amount` in minor units, nil for "all of it".
    func request(amount: Int64?) -> FollowUpRequest {
        switch self {
        case .capture: return .capture(amount: amount)
        case .reverse: return .reversal(amount: amount)
        case .refund: return .refund(amount: amount)
        case .void: return .void
        case .adjustTip: return .tipAdjustment(tip: amount ?? 0)
        case .increaseAuthorization: return .incrementalAuthorization(amount: amount ?? 0)
        }
    }
}
