import CardData
import PaymentCore

/// A sale or an authorization sent to the processor.
///
/// Printing it never shows the PAN, security code or PIN: ``KeyedCard`` and ``PIN`` redact
/// themselves.
public struct AuthorizationRequest: Sendable, Equatable {
    /// Whether the approval also captures.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Authorize and capture at once.
        case sale
        /// A hold, captured later.
        case authorization

        public var transactionType: TransactionType {
            switch self {
            case .sale: return .sale
            case .authorization: return .authorization
            }
        }
    }

    /// Our id for the request. The processor answers a repeated id with the decision it
    /// already made, so a retry never approves twice.
    public var transactionId: String
    public var kind: Kind
    /// The total to authorize.
    public var amount: Money
    public var card: KeyedCard
    /// Only on the single-tap-and-PIN retry after a `.pinRequired` answer, with the same
    /// `transactionId`.
    public var pin: PIN?

    public init(transactionId: String, kind: Kind, amount: Money, card: KeyedCard, pin: PIN? = nil) {
        self.transactionId = transactionId
        self.kind = kind
        self.amount = amount
        self.card = card
        self.pin = pin
    }
}
