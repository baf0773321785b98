import GatewayAPI

/// What the app adds to a transaction (the Toro SDK's `TransactionMetadata`).
public struct TransactionMetadata: Sendable, Equatable {
    /// The longest ``saleReferenceId`` allowed.
    public static let maxSaleReferenceIdLength = 35

    /// The app's own id for the transaction, at most 35 characters; it comes back on the receipt.
    public var saleReferenceId: String?
    /// A gratuity chosen outside the SDK, minor units, added to the amount. Not allowed when
    /// the session's gratuity prompt is enabled.
    public var gratuityAmount: Int64?
    /// Anything else to keep with the payment (Toro's `[String: Any]`): any JSON value but
    /// null. It is sent with the authorisation, stored with the payment and returned on the
    /// receipt; the gateway takes at most 32 keys, 4 levels deep, 4 KiB as JSON.
    public var additionalInformation: [String: JSONValue]?
    /// For a refund: the payment being refunded.
    public var originalTransactionDetails: OriginalTransactionDetails?

    public init(saleReferenceId: String? = nil, gratuityAmount: Int64? = nil, additionalInformation: [String: JSONValue]? = nil,
                originalTransactionDetails: OriginalTransactionDetails? = nil) {
        self.saleReferenceId = saleReferenceId
        self.gratuityAmount = gratuityAmount
        self.additionalInformation = additionalInformation
        self.originalTransactionDetails = originalTransactionDetails
    }
}

/// The payment a refund refunds: by its Tapline transaction id, or by the reference it was
/// made with (the gateway then finds the tapped card's payment).
public struct OriginalTransactionDetails: Sendable, Equatable {
    public var transactionId: String?
    public var saleReferenceId: String?

    public init(transactionId: String? = nil, saleReferenceId: String? = nil) {
        self.transactionId = transactionId
        self.saleReferenceId = saleReferenceId
    }
}
