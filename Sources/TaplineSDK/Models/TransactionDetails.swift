import Foundation
import GatewayAPI
import PaymentCore

/// Everything the gateway shows of one transaction (ARISE `TransactionDetails`): what a
/// receipt is printed from. Amounts are exact major units.
public struct TransactionDetails: Sendable, Equatable, Identifiable {
    /// The transaction's id (ARISE `transactionId`).
    public var id: String
    /// When it was created (ARISE `transactionDateTime`).
    public var transactionDateTime: Date
    /// When it last changed (a capture, refund or settlement changes an original).
    public var updatedAt: Date
    /// What the row did (ARISE `operationType` / `transactionType`).
    public var operationType: TransactionType
    /// Originals: `captured`, `authorized`, `declined`, `voided`, `refunded`…; follow-ups: `approved`, `declined`, `failed`.
    public var status: TransactionStatus
    /// For a follow-up, the original payment it belongs to.
    public var parentId: String?
    /// The merchant the transaction belongs to.
    public var merchantId: String
    /// The currency of every amount of the transaction.
    public var currency: Currency
    /// What this row asked for: a payment's total with tip, or a follow-up's amount.
    public var amount: Decimal
    /// An original payment's running totals; nil on follow-ups.
    public var amounts: TransactionAmount?
    /// The card as shown: masked number, brand, expiry and entry mode; never the full number.
    public var card: CardResource?
    /// The masked card number (ARISE `customerPan`).
    public var customerPan: String? { card?.maskedPan }
    /// ARISE `cardDataSource`: "manual" for a keyed card, "swipe" for a swiped one,
    /// "contactless" for a tap.
    public var cardDataSource: String? { card?.entryMode }
    /// The processor's authorization code, on approvals.
    public var authCode: String?
    /// The processor's ISO 8583 response code, e.g. "00" or "51".
    public var responseCode: String?
    /// The processor's words for ``responseCode``.
    public var responseDescription: String?
    /// For a tapped card: the EMV data a receipt needs (AID, label, cryptogram…).
    public var cardPresent: CardPresentDetails?
    /// Set once the issuer asked for a PIN (single tap and PIN).
    public var pin: PINChallengeResource?
    /// The customer's id in the merchant's system.
    public var customerId: String?
    /// The customer's name, from the payment's contact details.
    public var customerName: String?
    /// The customer's email, from the payment's contact details.
    public var customerEmail: String?
    /// The merchant's own reference (ARISE `orderNumber`).
    public var referenceId: String?
    /// How it was created (ARISE `CreateMethodId`).
    public var createMethodId: CreateMethod?
    /// The device, terminal or API client that created it.
    public var createdById: String?
    /// The settlement batch, once settled.
    public var batchId: String?
    /// When its batch was settled; a settled payment can be refunded, not voided.
    public var settledAt: Date?
    /// The follow-ups allowed now (originals only).
    public var availableOperations: [TransactionOperation]?
    /// An original's follow-ups, oldest first; nil on follow-ups and in list answers.
    public var operations: [TransactionDetails]?
    /// How the total divides (Koard's `PaymentBreakdown`, minor units, rates as ``Rate``s),
    /// when the payment was made or last captured, incremented or adjusted with one.
    public var breakdown: PaymentBreakdown?
    /// The STAN (ISO 8583 field 11) the acquirer link sent this row under; nil with the simulator.
    public var stan: String?
    /// What the app attached to the payment (Toro's `additionalInformation`), as sent.
    public var additionalInformation: [String: JSONValue]?
    /// The merchant as a receipt shows it; nil in list answers.
    public var merchant: MerchantResource?
    /// A keyed payment's price part by part (ARISE `amount`, `TransactionAmountDto`):
    /// base, percentage off, cash discount, surcharge, tip and tax with their rates; its
    /// total is what the card was asked for. Nil on taps and on payments sent with a breakdown.
    public var amountDetails: TenderBreakdown?
    /// The processor that decided the payment (ARISE `processorId`).
    public var processorId: String?
    /// The processor's name (ARISE `processor`), e.g. "Tapline Simulator".
    public var processor: String?
    /// The billing address the payment was made with.
    public var billingAddress: PostalAddress?
    /// The shipping address the payment was made with.
    public var shippingAddress: PostalAddress?
    /// The contact details the payment was made with, with the customer's SMS wish.
    public var contactInfo: ContactInfo?
    /// Address verification's answer for ``billingAddress`` (ARISE `avsResponse`).
    public var avsResponse: AVSResponseResource?
    /// Customer-initiated flag and EMV fallback reasons of a keyed or swiped payment.
    public var cardEntry: CardEntryDetails?

    /// What paid: a card, or a bank account (ACH); nil from a gateway older than ACH.
    public var paymentMethod: PaymentMethod?
    /// ARISE `achDetails`: the bank account of an ACH transaction, masked; nil on card rows.
    public var achDetails: AchDetails?

    init(_ resource: TransactionResource) throws(TaplineAPIError) {
        let currency = try AmountConversion.currency(resource.currency)
        id = resource.id
        transactionDateTime = resource.createdAt
        updatedAt = resource.updatedAt
        operationType = resource.type
        status = resource.status
        parentId = resource.parentId
        merchantId = resource.merchantId
        self.currency = currency
        amount = AmountConversion.decimal(resource.amount, currency)
        amounts = resource.amounts.map { TransactionAmount($0, currency: currency) }
        card = resource.card
        authCode = resource.processor?.authorizationCode
        responseCode = resource.processor?.responseCode
        responseDescription = resource.processor?.message
        cardPresent = resource.cardPresent
        pin = resource.pin
        customerId = resource.customerId
        customerName = resource.customerName
        customerEmail = resource.customerEmail
        referenceId = resource.referenceId
        createMethodId = CreateMethod(rawValue: resource.createMethodId)
        createdById = resource.createdById
        batchId = resource.batchId
        settledAt = resource.settledAt
        availableOperations = resource.availableOperations?.map { TransactionOperation($0, currency: currency) }
        merchant = resource.merchant
        breakdown = resource.breakdown?.payment
        additionalInformation = resource.additionalInformation
        stan = resource.stan
        amountDetails = resource.amountDetails.map { TenderBreakdown($0, currency: currency) }
        processorId = resource.paymentProcessorId
        processor = resource.paymentProcessorName
        billingAddress = resource.billingAddress
        shippingAddress = resource.shippingAddress
        contactInfo = resource.contactInfo
        avsResponse = resource.avsResponse
        cardEntry = resource.cardEntry
        paymentMethod = resource.paymentMethodType
        achDetails = resource.achDetails.map(AchDetails.init)
        if let operations = resource.operations {
            var details: [TransactionDetails] = []
            for operation in operations { details.append(try TransactionDetails(operation)) }
            self.operations = details
        }
    }
}
