/// What another app asks the payment app to do, as the `action` parameter of an inter-app
/// request names it.
public enum InterAppAction: String, Sendable, CaseIterable, Hashable {
    /// Take a payment: authorise and capture in one step. Needs `amount`; may carry `tipAmount`.
    case sale
    /// Place a hold on the card for later capture. Needs `amount`.
    case preAuth = "pre_auth"
    /// Capture an earlier pre-authorisation, found by order code, short order code or
    /// reference number; `amount` is optional and its absence means the full authorised amount.
    case capturePreAuth = "capture_pre_auth"
    /// Refund or cancel an earlier payment, found like a capture; without `amount` the whole
    /// remaining amount is refunded.
    case cancel

    /// Actions that create a new payment, as opposed to acting on an earlier one.
    var startsPayment: Bool { self == .sale || self == .preAuth }
}
