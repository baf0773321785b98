import PaymentCore

/// One entry of ``SimulatedProcessor``'s call log. It holds no card data.
public struct ProcessorCall: Sendable, Equatable {
    /// How the call ended.
    public enum Result: Sendable, Equatable {
        /// A decision (authorize and follow-ups), or the decision found by `lookup`.
        case answered(OperationOutcome)
        /// `lookup` found nothing.
        case notFound
        /// `cancel` done.
        case cancelled
        case threw(ProcessorError)
    }

    public var operation: ProcessorOperation
    public var transactionId: String
    public var result: Result

    public init(operation: ProcessorOperation, transactionId: String, result: Result) {
        self.operation = operation
        self.transactionId = transactionId
        self.result = result
    }

    /// The decision the caller got, with a thrown error counted as `.failed`; nil for a
    /// `lookup` that found nothing and for `cancel`.
    public var outcome: OperationOutcome? {
        switch result {
        case .answered(let outcome): return outcome
        case .threw: return .failed
        case .notFound, .cancelled: return nil
        }
    }
}
