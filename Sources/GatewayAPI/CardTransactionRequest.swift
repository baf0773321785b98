import Foundation
import PaymentCore

/// `POST /v1/transactions/sale` and `/authorization` with keyed or swiped card data (ARISE
/// `CardTransactionRequest`; amounts in minor units, rates exact percentages: 10 = 10 %).
/// Every ARISE field is here: the gateway applies it, or refuses it with a 400 naming it
/// and saying what to send instead (README, "Keyed payments: every field").
public struct CardTransactionRequest: Codable, Sendable, Equatable {
    /// The processor to use: must be the merchant's (`GET /v1/settings/payment`,
    /// `availablePaymentProcessors`); optional, the merchant's when left out.
    public var paymentProcessorId: String?
    /// Base amount before percentage off, surcharge, tip and tax, in minor units of `currency`
    /// (1234 = 12.34 USD). With a `breakdown`, the amount before tip.
    public var amount: Int64
    /// ISO 4217 code, e.g. "USD".
    public var currency: String
    /// "manual" (typed: `accountNumber` and expiry) or "swipe" (`track2`); other sources
    /// (chip, contactless) come sealed from a card reader on the same route.
    public var cardDataSource: String?
    /// A saved payment method: refused, Tapline keeps no cards.
    public var paymentMethodId: String?
    public var accountNumber: String?
    public var expirationMonth: Int?
    /// Two or four digits.
    public var expirationYear: Int?
    public var securityCode: String?
    /// Refused: Tapline takes track 2 only.
    public var track1: String?
    /// A swipe's track 2 (`;PAN=YYMM…?`), with `cardDataSource` "swipe". Never stored.
    public var track2: String?
    /// Refused on this route: chip data comes sealed from a card reader.
    public var emvTags: [String]?
    /// Refused with `emvTags`.
    public var emvPaymentAppVersion: String?
    public var customerId: String?
    /// Tip in minor units; not with `tipRate`.
    public var tipAmount: Int64?
    /// Tip as a percentage of the discounted amount; not with `tipAmount`.
    public var tipRate: Decimal?
    /// A percentage off the base amount.
    public var percentageOffRate: Decimal?
    /// Replaces the merchant's surcharge (surcharge mode) or dual-pricing rate.
    public var surchargeRate: Decimal?
    /// Dual pricing: true when `amount` is the card price, false when it is the cash price.
    public var useCardPrice: Bool?
    public var billingAddress: PostalAddress?
    public var shippingAddress: PostalAddress?
    public var contactInfo: ContactInfo?
    /// Refused: a clear PIN never travels over the REST API.
    public var pin: String?
    /// Refused with `pin`.
    public var pinKsn: String?
    /// A swipe after a failed chip read: why (`iccTerminalError`, `noCandidateList`).
    public var emvFallbackCondition: String?
    /// A swipe after a failed chip read: the last chip read (`successful`, `failed`,
    /// `notAChipTransaction`, `unknown`).
    public var emvFallbackLastChipRead: String?
    /// The merchant's own reference (order number).
    public var referenceId: String?
    /// True when the customer started the payment, false for a merchant-initiated one.
    public var customerInitiatedTransaction: Bool?
    /// Terminal, device or invoice that created the transaction.
    public var createdById: String?
    /// ARISE `CreateMethodId` raw value; defaults to API token (2).
    public var createMethodId: Int?
    /// How amount + tip divides, priced by the client; its parts must add up to them, and its
    /// tip is the tip. Not with the rates or `useCardPrice`.
    public var breakdown: BreakdownRequest?

    public init(amount: Int64, currency: String, accountNumber: String?, expirationMonth: Int?, expirationYear: Int?,
                securityCode: String? = nil, tipAmount: Int64? = nil, referenceId: String? = nil) {
        self.amount = amount
        self.currency = currency
        self.cardDataSource = "manual"
        self.accountNumber = accountNumber
        self.expirationMonth = expirationMonth
        self.expirationYear = expirationYear
        self.securityCode = securityCode
        self.tipAmount = tipAmount
        self.referenceId = referenceId
    }
}

/// Who the customer is (ARISE `ContactInfoDto`).
public struct ContactInfo: Codable, Sendable, Equatable {
    public var firstName: String?
    public var lastName: String?
    public var companyName: String?
    public var email: String?
    public var mobileNumber: String?
    /// Whether the customer wants SMS notifications on `mobileNumber`.
    public var smsNotification: Bool?

    public init(firstName: String? = nil, lastName: String? = nil, companyName: String? = nil, email: String? = nil,
                mobileNumber: String? = nil, smsNotification: Bool? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.companyName = companyName
        self.email = email
        self.mobileNumber = mobileNumber
        self.smsNotification = smsNotification
    }
}
