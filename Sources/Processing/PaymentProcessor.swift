import Foundation

/// The acquirer or processor that decides on payments: the simulator today, an ISO 8583
/// connection later.
///
/// Every request carries our transaction id. A processor answers a repeated id with the
/// decision it already made (same response, no second approval), which is what makes
/// retries and crash recovery safe.
///
/// A thrown ``ProcessorError/unavailable(code:message:)`` means nothing was decided; a
/// thrown ``ProcessorError/noAnswer`` means an approval may exist and the caller owes a
/// ``cancel(transactionId:)``.
public protocol PaymentProcessor: Sendable {
    /// Sale (authorize and capture) or authorization (hold).
    func authorize(_ request: AuthorizationRequest) async throws(ProcessorError) -> ProcessorResponse
    /// A follow-up on a payment the processor decided: `operation` is one of capture,
    /// incremental authorization, tip adjust, void, reverse and refund (``capture(_:)`` and
    /// the others below name each one).
    func followUp(_ operation: ProcessorOperation, _ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse
    /// The decision already made for a request id, for crash recovery; nil if the
    /// processor never saw it. After ``cancel(transactionId:)`` it is a failure with
    /// response code "68".
    func lookup(transactionId: String) async throws(ProcessorError) -> ProcessorResponse?
    /// Reverses a request whose answer never came (timeout). Idempotent; also safe for an
    /// id the processor never saw, which is then refused if it arrives late.
    func cancel(transactionId: String) async throws(ProcessorError)
    /// Names the next request before it is sent: the gateway keeps the trace with the
    /// pending operation (phase 1), and passes it in the request, so that an operation whose
    /// answer a crash lost can still be named in a reversal. Nil where none is needed.
    func prepareTrace(acquirer: AcquirerIdentity?) async throws(ProcessorError) -> String?
    /// Reverses a request whose answer was never recorded because the gateway stopped
    /// (crash recovery), described from what the gateway stored before sending it.
    func reverseUnanswered(_ request: UnansweredRequest) async throws(ProcessorError)
    /// Sends a closed batch's totals for one terminal and currency to the acquirer; nil
    /// where there is no acquirer to reconcile with (the simulator).
    func reconcile(_ request: ReconciliationRequest) async throws(ProcessorError) -> ReconciliationResult?
    /// Whether requests must carry the merchant's ids at the acquirer (``AcquirerIdentity``).
    var requiresAcquirerIdentity: Bool { get }
    /// The processor's stable id and name, shown in the settings and on every payment it decided.
    var identity: ProcessorIdentity { get }
    /// Whether it debits bank accounts over ACH; a processor that cannot is never sent an
    /// ACH debit (the gateway refuses it first, writing nothing).
    var supportsACH: Bool { get }
    /// Debits a bank account over ACH. Approved means accepted for the next submission, with
    /// response code ``ACHResponseCode/heldForReview`` when the processor holds it instead.
    /// A void of it cancels it; a refund credits the account back (``followUp(_:_:)``).
    func debitBankAccount(_ request: ACHDebitRequest) async throws(ProcessorError) -> ProcessorResponse
    /// Where a submitted ACH debit stands: still in clearing, cleared, or returned by the
    /// account holder's bank. Nil when the processor never saw the id.
    func achStatus(transactionId: String) async throws(ProcessorError) -> ACHClearingStatus?
    /// Whether a request can reach the processor now. False while an acquirer link has no
    /// connection up: the gateway then refuses payments before writing anything (503).
    var isReachable: Bool { get async }
    /// Disputes the processor reports by itself, due at `now` (the simulator's test card).
    /// Each is handed over once. An acquirer's disputes come in its dispute file instead
    /// (`POST /v1/disputes/import`), so a processor has none by default.
    func reportedDisputes(at now: Date) async -> [ProcessorDispute]
}

extension PaymentProcessor {
    /// Captures at most the authorized amount of an authorization; the rest is released.
    public func capture(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.capture, request)
    }

    /// Raises an uncaptured authorization by `amount`.
    public func incrementAuthorization(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.incrementAuthorization, request)
    }

    /// Replaces the tip of a captured payment; `newTotal` is the captured total after it.
    public func adjustTip(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.adjustTip, request)
    }

    /// Cancels a whole unsettled payment (authorization or captured sale) before any refund.
    public func void(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.void, request)
    }

    /// Releases all or part of the outstanding amount; at zero the payment is reversed.
    public func reverse(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.reverse, request)
    }

    /// Gives back part or all of the captured amount, any number of times.
    public func refund(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.refund, request)
    }

    /// A processor that is not an acquirer has nothing to reconcile with.
    public func reconcile(_ request: ReconciliationRequest) async throws(ProcessorError) -> ReconciliationResult? { nil }

    /// A processor that is not an acquirer (the simulator) needs no acquirer ids.
    public var requiresAcquirerIdentity: Bool { false }

    /// A card processor does not debit bank accounts unless it says so.
    public var supportsACH: Bool { false }

    public func debitBankAccount(_ request: ACHDebitRequest) async throws(ProcessorError) -> ProcessorResponse {
        throw .unavailable(code: ISOResponseCode.transactionNotPermitted.rawValue, message: "\(identity.name) does not process ACH debits")
    }

    public func achStatus(transactionId: String) async throws(ProcessorError) -> ACHClearingStatus? { nil }

    public func reportedDisputes(at now: Date) async -> [ProcessorDispute] { [] }

    /// A processor in the same process (the simulator) is always reachable.
    public var isReachable: Bool { true }

    /// A processor that knows requests by our transaction id needs no trace.
    public func prepareTrace(acquirer: AcquirerIdentity?) async throws(ProcessorError) -> String? { nil }

    /// A processor that knows requests by our transaction id cancels by it.
    public func reverseUnanswered(_ request: UnansweredRequest) async throws(ProcessorError) {
        try await cancel(transactionId: request.transactionId)
    }
}
