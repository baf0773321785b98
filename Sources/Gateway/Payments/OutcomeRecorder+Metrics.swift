import PaymentCore

extension OutcomeRecorder {
    /// A payment finished (by its request or by recovery): counted once, after the write
    /// committed, by type, the status it ended in, and the processor's response code.
    func count(original payment: Transaction) {
        metrics?.payment(type: payment.type.rawValue, outcome: payment.status.rawValue, responseCode: payment.processorResult?.responseCode)
    }

    /// A follow-up finished `approved`, `declined` or `failed`.
    func count(followUp operation: Transaction) {
        metrics?.followUp(type: operation.type.rawValue, outcome: operation.status.rawValue, responseCode: operation.processorResult?.responseCode)
    }
}
