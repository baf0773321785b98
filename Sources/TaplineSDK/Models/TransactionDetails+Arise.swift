import PaymentCore

/// ARISE's names for what ``TransactionDetails`` holds.
extension TransactionDetails {
    /// ARISE `operationTypeId` (1 authorization … 5 refund); nil for a tip adjustment.
    public var operationTypeId: Int? { OperationType(operationType)?.rawValue }
    /// ARISE `transactionId`.
    public var transactionId: String { id }
    /// ARISE `operationType`, the operation's name ("Sale").
    public var operationTypeName: String { operationType.ariseName }
    /// ARISE `transactionType` name: ``operationTypeName``, "RefundWORef" for a refund
    /// with no payment behind it, "AchCancel" / "AchRefund" for an ACH debit's void / refund.
    public var ariseTransactionType: String {
        TransactionType.ariseName(operationType, parentId: parentId, ach: paymentMethod == .electronicCheck)
    }
    /// ARISE `status`: "Captured", "Settled" once its batch closed, "PartiallyAuthorized"
    /// after a partial approval, "Refunded"…; nil where ARISE has no name (see
    /// ``PaymentCore/TransactionStatus/ariseName(settled:)``).
    public var ariseStatus: String? { TransactionStatus.ariseName(status, settled: settledAt != nil, responseCode: responseCode) }
    /// ARISE `operationMode`: how the card was read (`contactless`, `manual`).
    public var operationMode: String? { card?.entryMode }
    /// ARISE `cardTokenType`: always nil, as Tapline keeps no card tokens (a card is
    /// charged when it is read or keyed, never stored).
    public var cardTokenType: Int? { nil }
    /// ARISE `emvTags.raw`: the EMV data a tapped card left (AID, label, cryptogram, TVR,
    /// ATC, by tag); nil for a keyed card.
    public var emvTags: [String: String]? {
        guard let present = cardPresent else { return nil }
        let tags: [String: String?] = [
            "4F": present.applicationId, "50": present.applicationLabel, "9F26": present.cryptogram,
            "95": present.terminalVerificationResults, "9F36": present.applicationTransactionCounter,
        ]
        return tags.compactMapValues { $0 }
    }
    /// ARISE `currency` number (1 for USD); ``currency`` keeps the ISO 4217 code.
    public var currencyId: Int? { currency.ariseId }
    /// ARISE `source`: how and by whom it was created.
    public var source: SourceResponse { SourceResponse(type: operationType, createMethod: createMethodId, createdById: createdById) }
    /// ARISE `orderNumber`: the merchant's own reference.
    public var orderNumber: String? { referenceId }
    /// ARISE `paymentMethodType`: electronicCheck for ACH, card otherwise.
    public var paymentMethodType: PaymentMethodType { paymentMethod == .electronicCheck ? .electronicCheck : .card }
    /// ARISE `achProcessingDetails.raw`: how the ACH debit was processed, by name (routing
    /// number, masked account, account and holder types, entry class, the processor's
    /// codes: a NACHA return code once returned); nil on a card row.
    public var achProcessingDetails: [String: String]? {
        guard let achDetails else { return nil }
        let details: [String: String?] = [
            "routingNumber": achDetails.customerRoutingNumber, "maskedAccountNumber": achDetails.customerAccountNumber,
            "accountType": achDetails.accountType.map { "\($0)" }, "accountHolderType": achDetails.accountHolderType.map { "\($0)" },
            "entryClass": achDetails.entryClass, "responseCode": responseCode, "responseDescription": responseDescription,
            "processor": processor,
        ]
        return details.compactMapValues { $0 }
    }
    /// ARISE `cardProcessingDetails.raw`: how the card was processed, by name (brand,
    /// masked number, entry mode, funding, the processor's codes and the STAN when the
    /// acquirer link sent it); nil on a row without a card.
    public var cardProcessingDetails: [String: String]? {
        guard let card else { return nil }
        let details: [String: String?] = [
            "brand": card.brand, "maskedPan": card.maskedPan, "entryMode": card.entryMode, "funding": cardPresent?.funding,
            "responseCode": responseCode, "responseDescription": responseDescription, "authCode": authCode, "stan": stan,
            "processor": processor,
        ]
        return details.compactMapValues { $0 }
    }
    /// ARISE `cardholderAuthenticationMethod`: how the card verified the cardholder, read
    /// from the tap's CVM results (9F34), e.g. "No CVM required", "Signature"; nil for a
    /// keyed card or an ACH debit.
    public var cardholderAuthenticationMethod: String? { cvm?.methodName }
    /// ARISE `cvmResultMsg`: "Successful", "Failed" or "Unknown".
    public var cvmResultMsg: String? { cvm?.resultMessage }
    /// ARISE `cardholderAuthenticationMethodId`: always nil, as ARISE publishes no numbering
    /// for its 0–8 values; ``cardholderAuthenticationMethod`` names the method.
    public var cardholderAuthenticationMethodId: Int? { nil }
    private var cvm: CVMResults? { cardPresent?.cvmResults.flatMap(CVMResults.init(hex:)) }
    /// ARISE `merchantName`.
    public var merchantName: String? { merchant?.name }
    /// ARISE `merchantAddress`, on one line; nil until the merchant's profile has one.
    public var merchantAddress: String? { merchant?.address }
    /// ARISE `merchantPhoneNumber`.
    public var merchantPhoneNumber: String? { merchant?.phoneNumber }
    /// ARISE `merchantEmailAddress`.
    public var merchantEmailAddress: String? { merchant?.emailAddress }
    /// ARISE `merchantWebsite`.
    public var merchantWebsite: String? { merchant?.website }
}

/// ARISE's names for what ``TransactionSummary`` holds.
extension TransactionSummary {
    /// ARISE `type`: the operation's name ("Sale", "TipAdjustment", "RefundWORef").
    public var type: String { TransactionType.ariseName(operationType, parentId: parentId, ach: paymentMethod == .electronicCheck) }
    /// ARISE `status` name (see ``TransactionDetails/ariseStatus``).
    public var ariseStatus: String? { TransactionStatus.ariseName(status, settled: settledAt != nil, responseCode: responseCode) }
    /// ARISE `cardTokenType`: always nil, as Tapline keeps no card tokens.
    public var cardTokenType: Int? { nil }
    /// ARISE `paymentMethodType`: electronicCheck for ACH, card otherwise.
    public var paymentMethodType: PaymentMethodType { paymentMethod == .electronicCheck ? .electronicCheck : .card }
    /// ARISE `cardholderAuthenticationMethod` (see ``TransactionDetails/cardholderAuthenticationMethod``).
    public var cardholderAuthenticationMethod: String? { cvm?.methodName }
    /// ARISE `cvmResultMsg`.
    public var cvmResultMsg: String? { cvm?.resultMessage }
    /// ARISE `currencyCode`: the ISO 4217 code.
    public var currencyCode: String { currency.code }
    /// ARISE `currency` number (1 for USD).
    public var currencyId: Int? { currency.ariseId }
    /// ARISE `source`.
    public var source: SourceResponse { SourceResponse(type: operationType, createMethod: createMethodId, createdById: createdById) }
}
