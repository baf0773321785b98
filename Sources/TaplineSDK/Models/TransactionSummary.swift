import Foundation
import GatewayAPI
import PaymentCore

/// One row of the transaction list (ARISE `TransactionSummary`): an original payment (sale
/// or authorization) or a follow-up linked to one. Amounts are exact major units.
public struct TransactionSummary: Sendable, Equatable, Identifiable {
    /// The transaction's id (a lowercase UUID).
    public var id: String
    /// When it was created.
    public var date: Date
    /// What the row did (ARISE `operationType`): `sale`, `authorization`, `capture`, `refund`…
    public var operationType: TransactionType
    /// Originals: `captured`, `authorized`, `declined`, `voided`, `refunded`…;
    /// follow-ups: `approved`, `declined`, `failed` (or `pending` while the processor is asked).
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
    /// The masked card number (first 6 and last 4 digits).
    public var customerPan: String?
    /// The card brand as the gateway names it: `visa`, `mastercard`, `amex`…
    public var cardBrand: String?
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
    /// When its batch was settled.
    public var settledAt: Date?
    /// The follow-ups allowed now (originals only).
    public var availableOperations: [TransactionOperation]?
    /// ARISE `operationMode`: how the card was read (`contactless`, `manual`); nil without a card.
    public var operationMode: String?
    /// The processor's response code ("00", "10" for a partial approval…).
    public var responseCode: String?
    /// A keyed payment's price part by part (ARISE `amount`, `AmountDto`); nil on taps and
    /// on payments sent with a breakdown.
    public var amountDetails: TenderBreakdown?
    /// The processor that decided the payment (ARISE `paymentProcessorId`).
    public var paymentProcessorId: String?
    /// The customer's company, from the payment's contact details (ARISE `customerCompany`).
    public var customerCompany: String?
    /// The customer's mobile number, from the payment's contact details (ARISE `customerPhone`).
    public var customerPhone: String?

    /// What paid: a card, or a bank account (ACH).
    public var paymentMethod: PaymentMethod?
    /// A tapped card's CVM results (9F34), read.
    var cvm: CVMResults?

    init(_ resource: TransactionResource) throws(TaplineAPIError) {
        let currency = try AmountConversion.currency(resource.currency)
        id = resource.id
        date = resource.createdAt
        operationType = resource.type
        status = resource.status
        parentId = resource.parentId
        merchantId = resource.merchantId
        self.currency = currency
        amount = AmountConversion.decimal(resource.amount, currency)
        amounts = resource.amounts.map { TransactionAmount($0, currency: currency) }
        paymentMethod = resource.paymentMethodType
        cvm = resource.cardPresent?.cvmResults.flatMap(CVMResults.init(hex:))
        customerPan = resource.card?.maskedPan
        cardBrand = resource.card?.brand
        customerId = resource.customerId
        customerName = resource.customerName
        customerEmail = resource.customerEmail
        referenceId = resource.referenceId
        createMethodId = CreateMethod(rawValue: resource.createMethodId)
        createdById = resource.createdById
        batchId = resource.batchId
        settledAt = resource.settledAt
        availableOperations = resource.availableOperations?.map { TransactionOperation($0, currency: currency) }
        operationMode = resource.card?.entryMode
        responseCode = resource.processor?.responseCode
        amountDetails = resource.amountDetails.map { TenderBreakdown($0, currency: currency) }
        paymentProcessorId = resource.paymentProcessorId
        customerCompany = resource.contactInfo?.companyName
        customerPhone = resource.contactInfo?.mobileNumber
    }
}
