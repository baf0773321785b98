/// Runs a checked inter-app request: takes the payment, places the hold, captures or
/// refunds. A protocol so ``InterAppHandler`` can be tested without a network.
///
/// The Tapline performer is built on ``TaplineClient``: `sale` and `pre_auth` start a Tap
/// to Pay payment with ``InterAppRequest/clientTransactionId`` as its merchant reference;
/// `capture_pre_auth` and `cancel` first find the original through
/// ``InterAppRequest/match`` (see ``TransactionMatch`` for how each criterion maps to a
/// Tapline transaction), limited to ``InterAppRequest/dateRange`` when there is one.
public protocol InterAppPaymentPerformer: Sendable {
    /// Runs `request`. Returns the outcome whether approved or declined; throws only when
    /// the request could not be carried out (no such payment, network failure, card read
    /// cancelled). A thrown error's `localizedDescription` becomes the result's message.
    func perform(_ request: InterAppRequest) async throws -> InterAppOutcome
}
