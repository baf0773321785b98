extension Transaction {
    /// What the processor approved of this row, zero while nothing is: an original's
    /// authorized amount (higher after an incremental authorization, lower after a partial
    /// reversal; what the volume chart counts), an unreferenced refund's refunded amount, a
    /// follow-up's own amount once approved. What the dashboard and receipts show as the
    /// amount, with the asked one (`amount`) beside it when they differ.
    public var approvedAmount: Int64 {
        switch type {
        case .sale, .authorization, .achDebit:
            return authorizedAmount
        case .refund where parentId == nil:
            return status == .approved ? refundedAmount : 0
        default:
            return status == .approved ? amount : 0
        }
    }
}
