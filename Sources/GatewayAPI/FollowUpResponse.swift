/// The answer to a follow-up: the operation's own row and the payment as it is now.
public struct FollowUpResponse: Codable, Sendable, Equatable {
    public var operation: TransactionResource
    public var payment: TransactionResource

    public init(operation: TransactionResource, payment: TransactionResource) {
        self.operation = operation
        self.payment = payment
    }
}
