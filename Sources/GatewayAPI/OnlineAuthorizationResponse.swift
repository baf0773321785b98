/// The Halo-compatible answer to a tap or a PIN: `{"onlineAuthorizationResponse": {…}}`.
public struct AppleTransactionResponse: Codable, Sendable, Equatable {
    public var onlineAuthorizationResponse: OnlineAuthorizationResponse

    public init(onlineAuthorizationResponse: OnlineAuthorizationResponse) {
        self.onlineAuthorizationResponse = onlineAuthorizationResponse
    }
}

/// Every field the Halo document lists, always present; empty strings where there is no
/// value, as in the document's examples.
public struct OnlineAuthorizationResponse: Codable, Sendable, Equatable {
    /// "Approved" or "Declined" (the document also allows "Indeterminate").
    public var type: String
    public var authorizationCode: String
    /// The EMV data objects of the read and the answer, each its BER-TLV in upper-case hex
    /// (AID 4F, label 50, cryptogram 9F26, TVR 95, ATC 9F36, CVM results 9F34, response code 8A).
    public var tags: [String]
    /// The transaction id: use it for the PIN and for every follow-up route.
    public var haloReference: String
    public var errorMessage: String
    /// 0 when approved; the ISO code as a number for an issuer decline (65, 51, …);
    /// 209 when the payment provider failed; 211 for invalid PIN data.
    public var errorCode: Int
    public var isoResponseCode: String
    /// The processor's reference.
    public var association: String
    /// The card's expiry, YYMM as ISO 8583 field 14 carries it.
    public var expiryDate: String
    /// The processor's authorization reference when approved.
    public var paymentProviderReference: String
    /// "Credit Card", "Debit Card" or "Prepaid Card".
    public var cardType: String
    /// "Visa", "Mastercard", …
    public var cardScheme: String
    /// `processor`, `stan`, `batchId`, and `signatureRequired` ("true") while a tap is held for its signature.
    public var customValues: [String: String]
    /// True while the payment waits for the cardholder's PIN.
    public var isSingleTapAndPin: Bool
    public var maskedPAN: String
    /// Given while a PIN is awaited; the sealed PIN payload must carry it.
    public var pinToken: String
    public var cardReaderId: String
    public var cardReaderTransactionId: String
    /// Minor units.
    public var amount: Int64
    public var currency: String
    public var merchantReference: String

    public init(
        type: String, authorizationCode: String, tags: [String] = [], haloReference: String, errorMessage: String,
        errorCode: Int, isoResponseCode: String, association: String, expiryDate: String = "",
        paymentProviderReference: String, cardType: String, cardScheme: String, customValues: [String: String] = [:],
        isSingleTapAndPin: Bool, maskedPAN: String, pinToken: String, cardReaderId: String,
        cardReaderTransactionId: String, amount: Int64, currency: String, merchantReference: String
    ) {
        self.type = type
        self.authorizationCode = authorizationCode
        self.tags = tags
        self.haloReference = haloReference
        self.errorMessage = errorMessage
        self.errorCode = errorCode
        self.isoResponseCode = isoResponseCode
        self.association = association
        self.expiryDate = expiryDate
        self.paymentProviderReference = paymentProviderReference
        self.cardType = cardType
        self.cardScheme = cardScheme
        self.customValues = customValues
        self.isSingleTapAndPin = isSingleTapAndPin
        self.maskedPAN = maskedPAN
        self.pinToken = pinToken
        self.cardReaderId = cardReaderId
        self.cardReaderTransactionId = cardReaderTransactionId
        self.amount = amount
        self.currency = currency
        self.merchantReference = merchantReference
    }
}
