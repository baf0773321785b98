import PaymentCore

/// ARISE's names and numbers for Tapline's types, kept beside Tapline's own (ISO 4217 codes,
/// lower-camel-case raw values), so an app written against ARISE can compare what it knows.
extension TransactionType {
    /// ARISE's `TransactionType` raw value: "Sale", "Authorization", "Capture", "Void",
    /// "Refund", "TipAdjustment", "CardAuthentication". An incremental authorization is ARISE's "Authorization"
    /// and a reversal its "Void".
    public var ariseName: String {
        switch self {
        case .tipAdjustment: return "TipAdjustment"
        case .cardAuthentication: return "CardAuthentication"
        case .achDebit: return "AchDebit"
        // ARISE lists no such type; its status for the money taken back is "ChargedBack".
        case .chargeback: return "Chargeback"
        default: return OperationType(self)?.name ?? rawValue
        }
    }
}

extension TransactionStatus {
    /// ARISE's `TransactionStatus` raw value for a row in this status, with `settled` saying
    /// whether its batch has closed (ARISE shows a captured payment in a closed batch as
    /// "Settled"). Nil for the states ARISE's list has no name for: `pending`, `pinRequired`,
    /// `declined`, `expired`, `failed` and a follow-up's `approved`.
    public func ariseName(settled: Bool) -> String? {
        switch self {
        case .authorized: return "Authorized"
        case .captured: return settled ? "Settled" : "Captured"
        case .voided: return "Voided"
        case .refunded: return "Refunded"
        case .verified: return "Verified"
        case .scheduled: return "Scheduled"
        case .heldByProcessor: return "HeldByProcessor"
        case .inProgress: return "InProgress"
        case .cleared: return "Cleared"
        case .cancelled: return "Cancelled"
        case .chargedBack: return "ChargedBack"
        case .pending, .pinRequired, .declined, .expired, .failed, .approved: return nil
        }
    }
}

extension TransactionStatus {
    /// ARISE's status name for a row: ``ariseName(settled:)``, except that a payment the
    /// issuer approved for less than asked (response code "10") is "PartiallyAuthorized"
    /// while it is held or charged.
    static func ariseName(_ status: TransactionStatus, settled: Bool, responseCode: String?) -> String? {
        if responseCode == "10", status == .authorized || status == .captured { return "PartiallyAuthorized" }
        return status.ariseName(settled: settled)
    }
}

extension TransactionType {
    /// ARISE's `TransactionType` name for a row: ``ariseName``, except that a refund with no
    /// payment behind it is "RefundWORef", and the cancel (void) and refunds of an ACH debit
    /// are "AchCancel" and "AchRefund".
    static func ariseName(_ type: TransactionType, parentId: String?, ach: Bool = false) -> String {
        switch (type, ach) {
        case (.void, true): return "AchCancel"
        case (.refund, true): return "AchRefund"
        case (.refund, false) where parentId == nil: return "RefundWORef"
        default: return type.ariseName
        }
    }
}

extension Currency {
    /// ARISE's `Currency` number: 1 for USD, the one currency ARISE numbers; nil for the
    /// others, which Tapline names by their ISO 4217 ``code`` only.
    public var ariseId: Int? { code == "USD" ? 1 : nil }
}
