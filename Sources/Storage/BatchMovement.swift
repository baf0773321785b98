import PaymentCore

/// What one member moves in its batch's totals: under which kind ("sale", "capture",
/// "refund", "achDebit", "achRefund", "chargeback") and card brand ("ach" for a bank account), and how
/// much, minor units in the row's currency (a refund negative). The stores write it with
/// the row (SQL columns `batch_kind`, `batch_brand`, `batch_amount`), so the open batch's
/// totals (``BatchTotals``) follow every change of a member.
public struct BatchMovement: Sendable, Equatable {
    public var kind: String
    public var brand: String
    public var currency: String
    public var amount: Int64

    public init(kind: String, brand: String, currency: String, amount: Int64) {
        self.kind = kind
        self.brand = brand
        self.currency = currency
        self.amount = amount
    }
}

extension Transaction {
    /// What this row counts in its batch, nil when it counts nothing: a captured sale or
    /// authorization counts what it captured (still after a refund, which counts on its own),
    /// an approved refund subtracts, an ACH debit counts once submitted or scheduled without a
    /// cancel in flight; voids, capture rows (counted on their payment) and declines add
    /// nothing. The one rule for the kept totals, a close's totals and a batch's CSV.
    public var batchMovement: BatchMovement? {
        guard let (kind, amount) = batchKindAndAmount else { return nil }
        // An ACH transaction has no card: its line is "ach".
        let brand = bankAccount == nil ? card?.brand ?? "unknown" : "ach"
        return BatchMovement(kind: kind, brand: brand, currency: currency.code, amount: amount)
    }

    private var batchKindAndAmount: (String, Int64)? {
        switch (type, status) {
        case (.sale, .captured), (.sale, .refunded):
            return ("sale", capturedAmount)
        case (.authorization, .captured), (.authorization, .refunded):
            return ("capture", capturedAmount)
        case (.refund, .approved):
            return (bankAccount == nil ? "refund" : "achRefund", -amount)
        // A lost or accepted dispute takes the amount back in the batch open when it closed.
        case (.chargeback, .approved):
            return ("chargeback", -amount)
        // A debit with its cancel in flight is not submitted with this batch (ACHSubmission).
        case (.achDebit, .scheduled) where pendingOperationId == nil:
            return ("achDebit", capturedAmount)
        // A returned debit (`chargedBack`) was submitted, so counted, by the close that settled
        // it: a batch's members read again later (its CSV) still count it there.
        case (.achDebit, .inProgress), (.achDebit, .cleared), (.achDebit, .refunded), (.achDebit, .chargedBack):
            return ("achDebit", capturedAmount)
        default:
            return nil
        }
    }
}
