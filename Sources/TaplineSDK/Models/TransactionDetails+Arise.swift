import PaymentCore

/// ARISE's names for what ``TransactionDetails`` holds.
extension TransactionDetails {
    /// ARISE `operationTypeId` (1 authorization … 5 refund); nil for a tip adjustment.
    public var operationTypeId: Int? { OperationType(operationType)?.rawValue }
    /// ARISE `operationType`, the operation's name ("Sale").
    public var operationTypeName: String { operationType.ariseName }
    /// ARISE `status`: "Captured", "Settled" once its batch closed, "Refunded"…; nil where
    /// ARISE has no name (see ``PaymentCore/TransactionStatus/ariseName(settled:)``).
    public var ariseStatus: String? { status.ariseName(settled: settledAt != nil) }
    /// ARISE `currency` number (1 for USD); ``currency`` keeps the ISO 4217 code.
    public var currencyId: Int? { currency.ariseId }
    /// ARISE `source`: how and by whom it was created.
    public var source: SourceResponse { SourceResponse(type: operationType, createMethod: createMethodId, createdById: createdById) }
    /// ARISE `orderNumber`: the merchant's own reference.
    public var orderNumber: String? { referenceId }
}

/// ARISE's names for what ``TransactionSummary`` holds.
extension TransactionSummary {
    /// ARISE `type`: the operation's name ("Sale", "TipAdjustment").
    public var type: String { operationType.ariseName }
    /// ARISE `status` name (see ``TransactionDetails/ariseStatus``).
    public var ariseStatus: String? { status.ariseName(settled: settledAt != nil) }
    /// ARISE `currencyCode`: the ISO 4217 code.
    public var currencyCode: String { currency.code }
    /// ARISE `currency` number (1 for USD).
    public var currencyId: Int? { currency.ariseId }
    /// ARISE `source`.
    public var source: SourceResponse { SourceResponse(type: operationType, createMethod: createMethodId, createdById: createdById) }
}
