import Foundation
import GatewayAPI
import PaymentCore
import ProcessingISO8583
import Processing
import Storage

/// Turns stored transactions into what the API shows.
struct TransactionRenderer: Sendable {
    let now: @Sendable () -> Date
    /// The names of this gateway's processors by id (its named acquirer links), besides the
    /// built-in ones.
    var processorNames: [String: String] = [:]
    /// Payments encoded for events before their write, for the answer to reuse.
    var encoded = EncodedTransactions()

    /// `transaction` as the API shows it, encoded: the bytes an event rendered before the
    /// write kept for exactly this row and merchant, or a fresh encoding.
    func json(_ transaction: Transaction, merchant: Merchant?) throws -> Data {
        try encoded.take(transaction, merchant: merchant) ?? render(transaction, merchant: merchant).jsonData()
    }

    func render(_ transaction: Transaction, merchant: Merchant?, operations: [Transaction]? = nil) -> TransactionResource {
        var resource = TransactionResource(
            id: transaction.id, type: transaction.type, status: transaction.status, merchantId: transaction.merchantId,
            currency: transaction.currency.code, amount: transaction.amount,
            createMethodId: transaction.createMethod.rawValue, createdAt: transaction.createdAt, updatedAt: transaction.updatedAt)
        resource.parentId = transaction.parentId
        resource.card = transaction.card.map {
            CardResource(maskedPan: $0.maskedPan, brand: $0.brand, expiryMonth: $0.expiryMonth, expiryYear: $0.expiryYear, entryMode: $0.entryMode)
        }
        resource.cardPresent = transaction.cardPresent
        resource.pin = transaction.pinChallenge.map {
            PINChallengeResource(
                pinToken: transaction.status == .pinRequired ? $0.token : "", expiresAt: $0.expiresAt,
                attemptsRemaining: transaction.status == .pinRequired ? $0.attemptsRemaining : 0)
        }
        resource.processor = transaction.processorResult.map {
            ProcessorResource(responseCode: $0.responseCode, message: $0.message, authorizationCode: $0.authorizationCode)
        }
        resource.referenceId = transaction.referenceId
        resource.customerId = transaction.customerId
        resource.customerName = transaction.customerName
        resource.customerEmail = transaction.customerEmail
        resource.createdById = transaction.createdById
        resource.batchId = transaction.batchId
        resource.settledAt = transaction.settledAt
        if transaction.type.isOriginal {
            resource.amounts = PaymentAmounts(of: transaction)
            resource.availableOperations = availableOperations(transaction, merchant: merchant)
        }
        resource.breakdown = transaction.breakdown.map(BreakdownRequest.init)
        resource.hasSignature = transaction.signature == nil ? nil : true
        resource.signatureRequired = transaction.signatureRequired ? true : nil
        resource.additionalInformation = transaction.additionalInformation.flatMap {
            try? JSONCoding.decoder.decode([String: JSONValue].self, from: Data($0.utf8))
        }
        resource.stan = transaction.processorTrace.flatMap(ISO8583Stamp.init(text:))?.stan
        renderKeyedDetails(transaction, into: &resource)
        resource.operations = operations.map { $0.map { render($0, merchant: merchant) } }
        return resource
    }

    /// What a keyed payment keeps beyond the card: its price, processor, addresses, contact,
    /// AVS answer and entry details. All nil on rows that have none.
    private func renderKeyedDetails(_ transaction: Transaction, into resource: inout TransactionResource) {
        resource.amountDetails = transaction.amountDetails.map(AmountController.render)
        resource.paymentProcessorId = transaction.processorId
        resource.paymentProcessorName = transaction.processorId.flatMap { processorNames[$0] ?? ProcessorIdentity.named(id: $0)?.name }
        resource.billingAddress = transaction.billingAddress
        resource.shippingAddress = transaction.shippingAddress
        if transaction.contact != nil || transaction.customerEmail != nil {
            let contact = transaction.contact
            resource.contactInfo = ContactInfo(
                firstName: contact?.firstName, lastName: contact?.lastName, companyName: contact?.companyName,
                email: transaction.customerEmail, mobileNumber: contact?.mobileNumber, smsNotification: contact?.smsNotification)
        }
        resource.avsResponse = transaction.avsResult.map(AVSResponseResource.init)
        resource.cardEntry = transaction.cardEntry
        resource.paymentMethodType = transaction.paymentMethod
        resource.achDetails = transaction.bankAccount.map(ACHDetailsResource.init)
    }

    private func availableOperations(_ payment: Transaction, merchant: Merchant?) -> [AvailableOperationResource] {
        let window = merchant?.authorizationWindow ?? Merchant.defaultAuthorizationWindow
        let waived = merchant?.paymentSettings.signatureWaived ?? false
        return PaymentLifecycle.availableOperations(
            for: payment, now: now(), authorizationWindow: window, signatureWaived: waived
        ).map { operation in
            var resource = AvailableOperationResource(operationType: operation.type, availableAmount: operation.availableAmount)
            if operation.type == .tipAdjustment {
                let base = Money(minorUnits: payment.capturedAmount - payment.tipAmount, currency: payment.currency)
                let percentages = (merchant?.paymentSettings ?? PaymentSettings()).suggestedTipPercentages
                // Amounts and percentages are bounded where they enter, so no suggestion is dropped in practice.
                let tips = percentages.compactMap { percent in
                    (try? base.applying(rate: percent, per: 100)).map { SuggestedTip(tipPercent: percent, tipAmount: $0.minorUnits) }
                }
                resource.suggestedTips = tips.isEmpty ? nil : tips
            }
            return resource
        }
    }
}

extension PaymentAmounts {
    /// A payment's running totals as the API and its receipt show them.
    init(of payment: Transaction) {
        self.init(
            authorized: payment.authorizedAmount, captured: payment.capturedAmount, refunded: payment.refundedAmount,
            tip: payment.tipAmount, refundable: payment.refundableAmount,
            chargedBack: payment.chargedBackAmount > 0 ? payment.chargedBackAmount : nil)
    }
}
