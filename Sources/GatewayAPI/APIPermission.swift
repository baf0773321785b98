/// Permissions an API client can hold (ARISE `ApiPermission` names).
public enum APIPermission: String, Codable, Sendable, CaseIterable {
    case posStartTransaction, posGetTransactions, posGetTransactionDetails, posCancelTransaction, posPrintReceipt
    case getTerminalList, getTerminalInformation
    case ecommerceAuth, ecommerceSale, ecommerceCapture, ecommerceVoid, ecommerceRefund, ecommerceRefundWithoutReference
    case achDebit, achCredit, achVoid, achHold, achUnhold
    case listTransactions, getTransactionDetails, calculateTransactionAmount
    case submitTipAdjustment
    case getSettlementBatches, submitBatchForSettlement
    case sendReceiptBySms
    case listCustomers, getCustomerDetails, manageCustomers
    case hostedInvoices, hostedQuickPayment, hostedSubscriptions, hostedWebComponents, hostedWooCommerce
    case featureTapToPayOnMobile
    case generalPing, generalStatus, generalConfigurations
    /// Tapline's own, for disputes (ARISE has none): read them; accept or answer them with
    /// evidence; import the acquirer's dispute file (an operator's, not in the default grant).
    case getDisputes, respondToDisputes, importDisputes

    /// What a new client gets unless told otherwise: everything Tapline implements.
    public static let defaultGrant: [APIPermission] = [
        .posStartTransaction, .posGetTransactions, .posGetTransactionDetails, .posCancelTransaction,
        .ecommerceAuth, .ecommerceSale, .ecommerceCapture, .ecommerceVoid, .ecommerceRefund, .achDebit, .achVoid,
        .listTransactions, .getTransactionDetails, .calculateTransactionAmount, .submitTipAdjustment,
        .getSettlementBatches, .submitBatchForSettlement, .getTerminalList, .getTerminalInformation, .featureTapToPayOnMobile,
        .generalPing, .generalStatus, .generalConfigurations, .getDisputes, .respondToDisputes,
    ]
}

/// `GET /v1/permissions`.
public struct PermissionsResponse: Codable, Sendable, Equatable {
    public var permissions: [String]

    public init(permissions: [String]) { self.permissions = permissions }
}
