import Foundation

/// Koard's `TransactionResponse`: what every Koard-compatible route answers.
public struct KoardTransactionResponse: Codable, Sendable, Equatable {
    public var transaction: KoardTransaction

    public init(transaction: KoardTransaction) { self.transaction = transaction }
}

/// A payment as the Koard routes show it, in snake_case. Amounts are minor units.
public struct KoardTransaction: Codable, Sendable, Equatable {
    /// The gateway's id of the payment: the `{id}` of every follow-up path.
    public var transactionId: String
    /// The client's `transaction_id` from the sale or preauth, kept as the payment's reference.
    public var referenceId: String?
    public var status: KoardStatus
    /// The payment's total as first asked for.
    public var amount: Int64
    public var currency: String
    public var authorizedAmount: Int64
    public var capturedAmount: Int64
    public var refundedAmount: Int64
    public var tipAmount: Int64
    public var breakdown: KoardBreakdown?
    public var card: KoardCard?
    /// The processor's ISO response code and message, once it answered.
    public var responseCode: String?
    public var responseMessage: String?
    /// On a follow-up route: the operation this request performed.
    public var operation: KoardOperation?
    public var createdAt: Date
    public var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case transactionId = "transaction_id"
        case referenceId = "reference_id"
        case status, amount, currency
        case authorizedAmount = "authorized_amount"
        case capturedAmount = "captured_amount"
        case refundedAmount = "refunded_amount"
        case tipAmount = "tip_amount"
        case breakdown, card
        case responseCode = "response_code"
        case responseMessage = "response_message"
        case operation
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(transactionId: String, status: KoardStatus, amount: Int64, currency: String, authorizedAmount: Int64 = 0,
                capturedAmount: Int64 = 0, refundedAmount: Int64 = 0, tipAmount: Int64 = 0, createdAt: Date, updatedAt: Date) {
        self.transactionId = transactionId
        self.status = status
        self.amount = amount
        self.currency = currency
        self.authorizedAmount = authorizedAmount
        self.capturedAmount = capturedAmount
        self.refundedAmount = refundedAmount
        self.tipAmount = tipAmount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// What is shown of the card: the masked PAN and the brand, never more.
public struct KoardCard: Codable, Sendable, Equatable {
    public var maskedPan: String
    public var brand: String

    enum CodingKeys: String, CodingKey {
        case maskedPan = "masked_pan"
        case brand
    }

    public init(maskedPan: String, brand: String) {
        self.maskedPan = maskedPan
        self.brand = brand
    }
}

/// One follow-up as the Koard routes show it.
public struct KoardOperation: Codable, Sendable, Equatable {
    /// The gateway's id of the operation's own row.
    public var operationId: String
    /// capture, auth, adjust, reverse or refund: the Koard operation names.
    public var type: String
    /// What the operation came to: Koard's name of the state it leads to, or declined / failed / processing.
    public var status: KoardStatus
    public var amount: Int64
    public var responseCode: String?
    public var responseMessage: String?

    enum CodingKeys: String, CodingKey {
        case operationId = "operation_id"
        case type, status, amount
        case responseCode = "response_code"
        case responseMessage = "response_message"
    }

    public init(operationId: String, type: String, status: KoardStatus, amount: Int64) {
        self.operationId = operationId
        self.type = type
        self.status = status
        self.amount = amount
    }
}
