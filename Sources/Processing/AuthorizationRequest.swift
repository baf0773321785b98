import CardData
import PaymentCore

/// A sale, an authorization or an unreferenced refund sent to the processor.
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
        /// Money back to a card without a payment to refer to (card-present refund by re-tap).
        case refund
        /// A zero-amount check of the card (account verification): nothing is held.
        case verification

        /// The kind of request a payment of `type` was made with: a sale (also a PIN try on
        /// one), an authorization, or an unreferenced refund.
        public init(original type: TransactionType) {
            switch type {
            case .authorization: self = .authorization
            case .refund: self = .refund
            case .cardAuthentication: self = .verification
            default: self = .sale
            }
        }

        public var transactionType: TransactionType {
            switch self {
            case .sale: return .sale
            case .authorization: return .authorization
            case .refund: return .refund
            case .verification: return .cardAuthentication
            }
        }
    }

    /// How the card reached us.
    public enum EntryMode: String, Sendable, Equatable {
        /// Typed in: number, expiry, maybe a security code.
        case keyed
        /// Read from a contactless tap (EMV data, no security code).
        case contactless
        /// Read from the magnetic stripe (track 2, which ``chip`` carries, no EMV data).
        case swiped
        /// Read from the magnetic stripe after the chip could not be read (EMV fallback).
        case fallbackSwipe
    }

    /// Our id for the request. The processor answers a repeated id with the decision it
    /// already made, so a retry never approves twice.
    public var transactionId: String
    public var kind: Kind
    /// The total to authorize.
    public var amount: Money
    /// The card in the clear, or (`--card-data pass-through`) sealed for an acquirer that
    /// opens it; a processor that cannot open it answers ``ProcessorError/unavailable(code:message:)``.
    public var card: PaymentCard
    public var entryMode: EntryMode
    /// Only on the single-tap-and-PIN retry after a `.pinRequired` answer, with the same
    /// `transactionId`. A sealed card's PIN try has none: the PIN is inside the sealed data.
    public var pin: PIN?
    /// Which PIN try this is (1, 2, …; 0 when the request is no PIN try). Each try is a request
    /// of its own: a repeat of the same try replays its answer, a new try after a wrong PIN is
    /// decided anew.
    public var pinAttempt: Int
    /// The chip's data of a tap, for an acquirer that wants it (ISO 8583 fields 35 and 55).
    public var chip: ChipData?
    /// The merchant's ids at the acquirer; nil where the processor needs none (the simulator).
    public var acquirer: AcquirerIdentity?
    /// This request's trace, from ``PaymentProcessor/prepareTrace(acquirer:)``; each PIN try
    /// has its own.
    public var trace: String?
    /// The billing address to verify (AVS), when the payment has one with a street or a
    /// postal code. A processor that cannot verify answers no ``ProcessorResponse/avs``.
    public var billingAddress: PostalAddress?
    /// Whether the cardholder started the payment (true, CIT) or the merchant did with a
    /// credential it keeps (false, MIT); nil when the payment does not say. Only a keyed
    /// payment can say (`customerInitiatedTransaction`).
    public var customerInitiated: Bool?

    /// A request for `card`. A clear card's PIN try is one with a `pin`; a sealed card's is one
    /// with a `pinAttempt` of 1 or more.
    public init(
        transactionId: String, kind: Kind, amount: Money, card: PaymentCard, entryMode: EntryMode = .keyed,
        pin: PIN? = nil, pinAttempt: Int = 0, chip: ChipData? = nil, acquirer: AcquirerIdentity? = nil
    ) {
        self.transactionId = transactionId
        self.kind = kind
        self.amount = amount
        self.card = card
        self.entryMode = entryMode
        self.pin = pin
        switch card {
        case .clear: self.pinAttempt = pin == nil ? 0 : max(1, pinAttempt)
        case .sealed: self.pinAttempt = max(0, pinAttempt)
        }
        self.chip = chip
        self.acquirer = acquirer
    }

    /// A request for a card in the clear.
    public init(
        transactionId: String, kind: Kind, amount: Money, card: KeyedCard, entryMode: EntryMode = .keyed,
        pin: PIN? = nil, pinAttempt: Int = 0, chip: ChipData? = nil, acquirer: AcquirerIdentity? = nil
    ) {
        self.init(transactionId: transactionId, kind: kind, amount: amount, card: .clear(card), entryMode: entryMode, pin: pin,
                  pinAttempt: pinAttempt, chip: chip, acquirer: acquirer)
    }
}
