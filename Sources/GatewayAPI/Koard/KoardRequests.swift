import Foundation

/// `POST /v4/payment` (sale) and `POST /v4/preauth` (authorization): a tap, with the
/// reader's sealed card data, in Koard's snake_case.
public struct KoardPaymentRequest: Codable, Sendable, Equatable {
    /// Base64 BER-TLV of the card's non-sensitive data.
    public var generalCardData: String?
    /// Base64 of the compact JWE sealed to the gateway's card-data key.
    public var paymentCardData: String?
    /// The total in minor units, tip included (Koard's `amount`).
    public var amount: Int64
    /// ISO 4217 code.
    public var currency: String
    public var breakdown: KoardBreakdown?
    /// The client's id for this payment: the idempotency key when no `Idempotency-Key` is
    /// sent, and kept as the payment's `referenceId`.
    public var transactionId: String?
    /// The idempotency key when neither `Idempotency-Key` nor `transaction_id` is sent.
    public var eventId: String?
    /// Koard's `PaymentType`: on `/v4/payment`, `preauth` holds the amount instead of
    /// capturing it; `/v4/preauth` takes only `preauth`. Absent: the route's own kind.
    public var type: KoardPaymentType?

    enum CodingKeys: String, CodingKey {
        case generalCardData = "general_card_data"
        case paymentCardData = "payment_card_data"
        case amount, currency, breakdown, type
        case transactionId = "transaction_id"
        case eventId = "event_id"
    }

    public init(generalCardData: String?, paymentCardData: String?, amount: Int64, currency: String, breakdown: KoardBreakdown? = nil,
                transactionId: String? = nil, eventId: String? = nil, type: KoardPaymentType? = nil) {
        self.generalCardData = generalCardData
        self.paymentCardData = paymentCardData
        self.amount = amount
        self.currency = currency
        self.breakdown = breakdown
        self.transactionId = transactionId
        self.eventId = eventId
        self.type = type
    }
}

/// Koard's `PaymentType`: a sale captures at once, a preauth holds the amount.
public enum KoardPaymentType: String, Codable, Sendable, CaseIterable {
    case sale, preauth
}

/// `POST /v3/payments/{id}/capture`: all of the hold, `amount` of it, or (no amount) the
/// breakdown's total.
public struct KoardCaptureRequest: Codable, Sendable, Equatable {
    public var amount: Int64?
    public var breakdown: KoardBreakdown?
    public var eventId: String?

    enum CodingKeys: String, CodingKey {
        case amount, breakdown
        case eventId = "event_id"
    }

    public init(amount: Int64? = nil, breakdown: KoardBreakdown? = nil, eventId: String? = nil) {
        self.amount = amount
        self.breakdown = breakdown
        self.eventId = eventId
    }
}

/// `POST /v3/payments/{id}/auth`: raise the hold by `amount` (the delta, not the new total).
/// A breakdown describes the new total.
public struct KoardAuthRequest: Codable, Sendable, Equatable {
    public var amount: Int64
    public var breakdown: KoardBreakdown?
    public var eventId: String?

    enum CodingKeys: String, CodingKey {
        case amount, breakdown
        case eventId = "event_id"
    }

    public init(amount: Int64, breakdown: KoardBreakdown? = nil, eventId: String? = nil) {
        self.amount = amount
        self.breakdown = breakdown
        self.eventId = eventId
    }
}

/// `POST /v1/payments/{id}/adjust`: set the tip of a captured payment, as `amount` (minor
/// units) or `percentage` (a fraction, 0.18 = 18 %, of the subtotal), exactly one of them.
public struct KoardAdjustRequest: Codable, Sendable, Equatable {
    /// "tip", the one adjustment there is.
    public var type: String
    public var amount: Int64?
    public var percentage: Decimal?
    public var eventId: String?

    enum CodingKeys: String, CodingKey {
        case type, amount, percentage
        case eventId = "event_id"
    }

    public init(type: String = "tip", amount: Int64? = nil, percentage: Decimal? = nil, eventId: String? = nil) {
        self.type = type
        self.amount = amount
        self.percentage = percentage
        self.eventId = eventId
    }
}

/// `POST /v1/payments/{id}/reverse` and `/refund`: all that is available, or `amount`.
public struct KoardAmountRequest: Codable, Sendable, Equatable {
    public var amount: Int64?
    public var eventId: String?

    enum CodingKeys: String, CodingKey {
        case amount
        case eventId = "event_id"
    }

    public init(amount: Int64? = nil, eventId: String? = nil) {
        self.amount = amount
        self.eventId = eventId
    }
}
