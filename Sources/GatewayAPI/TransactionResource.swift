import Foundation
import PaymentCore

/// A transaction as the API shows it: an original payment or a follow-up.
public struct TransactionResource: Codable, Sendable, Equatable {
    public var id: String
    public var type: TransactionType
    public var status: TransactionStatus
    /// The original payment of a follow-up.
    public var parentId: String?
    public var merchantId: String
    public var currency: String
    /// What this row asked for, in minor units.
    public var amount: Int64
    /// Running totals of an original payment; nil on follow-ups.
    public var amounts: PaymentAmounts?
    public var card: CardResource?
    /// Set on payments from a tapped card.
    public var cardPresent: CardPresentDetails?
    /// Set once the issuer asked for a PIN.
    public var pin: PINChallengeResource?
    public var processor: ProcessorResource?
    public var referenceId: String?
    public var customerId: String?
    public var customerName: String?
    public var customerEmail: String?
    public var createdById: String?
    public var createMethodId: Int
    public var batchId: String?
    public var settledAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    /// Follow-ups allowed now (originals only).
    public var availableOperations: [AvailableOperationResource]?
    /// The follow-ups of an original, oldest first (details only).
    public var operations: [TransactionResource]?
    /// How the total divides, when the client sent a breakdown (rates are percentages, 8.75 = 8.75 %,
    /// like every `/v1` rate).
    public var breakdown: BreakdownRequest?
    /// The systems trace audit number (ISO 8583 field 11) of the request sent to the
    /// acquirer for this row; absent with the simulator. Viva's `referenceNumber` names it.
    public var stan: String?
    /// Whether the cardholder's signature was taken in the app and stored; the image is at
    /// `GET /v1/transactions/{id}/signature`.
    public var hasSignature: Bool?
    /// True when the tapped card asked for the cardholder's signature and the merchant does
    /// not waive it: the payment is held (an authorization) and a capture is refused (409
    /// `signature_required`) until the signature is stored. Absent otherwise.
    public var signatureRequired: Bool?
    /// What the app attached to the payment (Toro's `additionalInformation`), as sent.
    public var additionalInformation: [String: JSONValue]?
    /// The merchant as a receipt shows it (details only).
    public var merchant: MerchantResource?
    /// A keyed payment's price part by part (ARISE `AmountDto`/`TransactionAmountDto`; rates
    /// are percentages): its total is what was asked of the card.
    public var amountDetails: AmountResource?
    /// The processor that decided it (ARISE `paymentProcessorId` / `processorId`) and its name.
    public var paymentProcessorId: String?
    public var paymentProcessorName: String?
    public var billingAddress: PostalAddress?
    public var shippingAddress: PostalAddress?
    /// The contact details the payment was made with (name, company, email, mobile, SMS wish).
    public var contactInfo: ContactInfo?
    /// Address verification's answer for the billing address (ARISE `AvsResponseDto`).
    public var avsResponse: AVSResponseResource?
    /// Customer-initiated flag and EMV fallback reasons, as sent.
    public var cardEntry: CardEntryDetails?
    /// What paid (ARISE `PaymentMethodType`): "card", or "electronicCheck" for ACH.
    public var paymentMethodType: PaymentMethod?
    /// The bank account of an ACH transaction (ARISE `AchDetailsDto`), masked.
    public var achDetails: ACHDetailsResource?

    public init(id: String, type: TransactionType, status: TransactionStatus, merchantId: String, currency: String,
                amount: Int64, createMethodId: Int, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.type = type
        self.status = status
        self.merchantId = merchantId
        self.currency = currency
        self.amount = amount
        self.createMethodId = createMethodId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// An original payment's running totals, minor units.
public struct PaymentAmounts: Codable, Sendable, Equatable {
    public var authorized: Int64
    public var captured: Int64
    public var refunded: Int64
    public var tip: Int64
    /// Captured minus refunded, refunds in flight and what disputes took back.
    public var refundable: Int64
    /// What lost or accepted disputes took back; absent when nothing.
    public var chargedBack: Int64?

    public init(authorized: Int64, captured: Int64, refunded: Int64, tip: Int64, refundable: Int64, chargedBack: Int64? = nil) {
        self.chargedBack = chargedBack
        self.authorized = authorized
        self.captured = captured
        self.refunded = refunded
        self.tip = tip
        self.refundable = refundable
    }
}

/// What is shown of the card: never more than the masked PAN.
public struct CardResource: Codable, Sendable, Equatable {
    public var maskedPan: String
    public var brand: String
    public var expiryMonth: Int
    public var expiryYear: Int
    public var entryMode: String

    public init(maskedPan: String, brand: String, expiryMonth: Int, expiryYear: Int, entryMode: String) {
        self.maskedPan = maskedPan
        self.brand = brand
        self.expiryMonth = expiryMonth
        self.expiryYear = expiryYear
        self.entryMode = entryMode
    }
}

/// The processor's answer.
public struct ProcessorResource: Codable, Sendable, Equatable {
    /// ISO 8583 response code.
    public var responseCode: String
    public var message: String
    public var authorizationCode: String?

    public init(responseCode: String, message: String, authorizationCode: String?) {
        self.responseCode = responseCode
        self.message = message
        self.authorizationCode = authorizationCode
    }
}

/// A follow-up allowed now (ARISE `AvailableOperation`).
public struct AvailableOperationResource: Codable, Sendable, Equatable {
    public var operationType: TransactionType
    /// The most this operation can move, minor units; absent where unbounded.
    public var availableAmount: Int64?
    /// For tip adjustment: tips at the merchant's suggested percentages of the base amount.
    public var suggestedTips: [SuggestedTip]?

    public init(operationType: TransactionType, availableAmount: Int64?, suggestedTips: [SuggestedTip]? = nil) {
        self.operationType = operationType
        self.availableAmount = availableAmount
        self.suggestedTips = suggestedTips
    }
}

/// One suggested tip (ARISE `SuggestedTipsDto`).
public struct SuggestedTip: Codable, Sendable, Equatable {
    /// An exact decimal percentage (15, 12.5), from the merchant's payment settings.
    public var tipPercent: Decimal
    public var tipAmount: Int64

    public init(tipPercent: Decimal, tipAmount: Int64) {
        self.tipPercent = tipPercent
        self.tipAmount = tipAmount
    }
}
