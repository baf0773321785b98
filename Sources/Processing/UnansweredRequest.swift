import PaymentCore

/// A request a crash left without a recorded answer, as the gateway can describe it again
/// from its database: no card data (the card is gone), but the amounts, the acquirer's ids
/// and the trace kept before it was sent.
public enum UnansweredRequest: Sendable, Equatable {
    /// A sale, authorization or unreferenced refund (or one of its PIN tries).
    case original(transactionId: String, kind: AuthorizationRequest.Kind, amount: Money, trace: String?, acquirer: AcquirerIdentity?)
    /// A follow-up, rebuilt as it was sent.
    case followUp(ProcessorOperation, FollowUpProcessorRequest)

    public var transactionId: String {
        switch self {
        case .original(let transactionId, _, _, _, _): return transactionId
        case .followUp(_, let request): return request.transactionId
        }
    }
}
