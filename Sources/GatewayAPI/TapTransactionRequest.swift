/// `POST /v1/transactions/sale`, `/authorization` and `/refund` with a tapped card: the
/// reader's result instead of keyed card data. Amount and currency may be left out; they
/// then come from the sealed card data, and when given they must match it.
public struct TapTransactionRequest: Codable, Sendable, Equatable {
    /// Base64 BER-TLV of the card's non-sensitive data.
    public var generalCardData: String?
    /// Base64 of the compact JWE sealed to the gateway's card-data key.
    public var paymentCardData: String?
    /// Amount before tip, minor units.
    public var amount: Int64?
    public var currency: String?
    /// Tip in minor units, part of the tapped amount.
    public var tipAmount: Int64?
    /// The merchant's own reference. On a refund it names the payment to refund.
    public var referenceId: String?
    /// On a refund: the payment to refund, when known (else `referenceId` finds it).
    public var originalTransactionId: String?
    public var customerId: String?
    public var contactInfo: ContactInfo?
    public var createdById: String?
    /// How amount + tip divides; its parts must add up to them, and its tip is the tip.
    public var breakdown: BreakdownRequest?
    /// The price part by part (base, discounts, surcharge, tip, tax), instead of a
    /// `breakdown`: its parts must add up to amount + tip, and its tip is the tip.
    public var amountDetails: AmountDetailsRequest?
    /// Anything else the app keeps with the payment (Toro's `additionalInformation`): at most
    /// 32 keys, nesting 4 deep, 4 KiB as JSON. Stored and returned as sent.
    public var additionalInformation: [String: JSONValue]?

    public init(generalCardData: String?, paymentCardData: String?, amount: Int64? = nil, currency: String? = nil,
                referenceId: String? = nil) {
        self.generalCardData = generalCardData
        self.paymentCardData = paymentCardData
        self.amount = amount
        self.currency = currency
        self.referenceId = referenceId
    }
}

/// `POST /v1/transactions/{id}/pin`: the sealed payload the reader made after the
/// cardholder entered the PIN (it carries the PIN block and the PIN token).
public struct PINSubmissionRequest: Codable, Sendable, Equatable {
    public var generalCardData: String?
    public var paymentCardData: String?

    public init(generalCardData: String?, paymentCardData: String?) {
        self.generalCardData = generalCardData
        self.paymentCardData = paymentCardData
    }
}
