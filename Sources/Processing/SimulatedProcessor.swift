import Foundation
import PaymentCore

/// A processor for development, demos and tests that decides keyed cards by the test-card
/// table (``CardData/TestCards``); any other valid card approves.
///
/// Follow-ups are checked against what it approved ("12" for an unknown original or a
/// move the payment's state does not allow, "13" for an amount that does not fit). A
/// repeated transaction id gets the decision already made. Faults and lost answers can be
/// injected, and a call log shows what was asked. Its state holds no PAN, security code or
/// PIN, only transaction ids, amounts and outcomes.
///
/// Its memory is bounded, as `tapline serve` runs it for ever: the books keep the
/// `bookCapacity` most recently used transaction ids and the log the latest
/// `callLogCapacity` calls (see ``SimulatedProcessorConfiguration``).
public actor SimulatedProcessor: PaymentProcessor {
    private var configuration: SimulatedProcessorConfiguration
    private var book: SimulatedBook
    private var callLog: CallLog

    public init(configuration: SimulatedProcessorConfiguration = SimulatedProcessorConfiguration()) {
        self.configuration = configuration
        book = SimulatedBook(capacity: configuration.bookCapacity, disputeDelay: configuration.disputeDelay)
        callLog = CallLog(capacity: configuration.callLogCapacity)
    }

    /// The latest calls (at most `callLogCapacity`), oldest first, with how each ended.
    public var calls: [ProcessorCall] { callLog.calls }

    /// How many transaction ids the books remember now, at most `bookCapacity`.
    public var rememberedCount: Int { book.count }

    // MARK: Test controls

    /// Makes the next `times` calls of `operation` fail with `fault`, after any faults
    /// already queued for it.
    public func injectFault(_ fault: SimulatedFault, on operation: ProcessorOperation, times: Int = 1) {
        configuration.faults[operation, default: []] += Array(repeating: fault, count: max(0, times))
    }

    /// Turns "approve but lose the answer" on or off for every authorize and follow-up.
    public func setLosesAnswers(_ losesAnswers: Bool) {
        configuration.losesAnswers = losesAnswers
    }

    /// How many approvals were granted for this id; a replayed answer does not count.
    public func approvalCount(transactionId: String) -> Int {
        book.approvalCount(transactionId: transactionId)
    }

    /// Whether `cancel` reversed this id.
    public func isReversed(transactionId: String) -> Bool {
        book.isCancelled(transactionId: transactionId)
    }

    // MARK: PaymentProcessor

    public nonisolated var identity: ProcessorIdentity { .simulator }

    public func authorize(_ request: AuthorizationRequest) async throws(ProcessorError) -> ProcessorResponse {
        var response = try await decide(.authorize, request.transactionId) { (book) throws(ProcessorError) in
            try book.authorize(request)
        }
        // Derived from the request alone, so a repeat gets the same answer.
        response.avs = SimulatedAVS.answer(for: request.billingAddress)
        return response
    }

    public func lookup(transactionId: String) async throws(ProcessorError) -> ProcessorResponse? {
        let fault = try takeFault(.lookup, transactionId)
        let response = book.lookup(transactionId: transactionId)
        try await answer(.lookup, transactionId, lost: fault == .loseAnswer)
        callLog.append(ProcessorCall(operation: .lookup, transactionId: transactionId,
                                   result: response.map { .answered($0.outcome) } ?? .notFound))
        return response
    }

    public func cancel(transactionId: String) async throws(ProcessorError) {
        let fault = try takeFault(.cancel, transactionId)
        book.cancel(transactionId: transactionId)
        try await answer(.cancel, transactionId, lost: fault == .loseAnswer)
        callLog.append(ProcessorCall(operation: .cancel, transactionId: transactionId, result: .cancelled))
    }

    /// The disputes of the disputed test card's captures that are due (see
    /// ``SimulatedProcessorConfiguration/disputeDelay``); each is handed over once.
    public func reportedDisputes(at now: Date) async -> [ProcessorDispute] {
        book.disputes.due(at: now)
    }

    // MARK: ACH

    /// The simulator debits bank accounts by ``TestBankAccounts``.
    public nonisolated var supportsACH: Bool { true }

    public func debitBankAccount(_ request: ACHDebitRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await decide(.achDebit, request.transactionId) { book in book.debit(request) }
    }

    /// A debit's fate is known from its account as soon as it is booked; the gateway asks
    /// once the clearing period has passed. A forgotten id (an earlier run) clears under
    /// `serve`, as its follow-ups are approved.
    public func achStatus(transactionId: String) async throws(ProcessorError) -> ACHClearingStatus? {
        let fault = try takeFault(.achStatus, transactionId)
        let status = book.achStatus(transactionId: transactionId) ?? (configuration.approvesForgottenOriginals ? .cleared : nil)
        try await answer(.achStatus, transactionId, lost: fault == .loseAnswer)
        let outcome: OperationOutcome? = switch status {
        case .cleared: .approved(amount: 0)
        case .returned: .declined
        case .inClearing, nil: nil
        }
        callLog.append(ProcessorCall(operation: .achStatus, transactionId: transactionId, result: outcome.map { .answered($0) } ?? .notFound))
        return status
    }

    // MARK: Running a call

    public func followUp(_ operation: ProcessorOperation, _ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        let trustForgotten = configuration.approvesForgottenOriginals
        return try await decide(operation, request.transactionId) { book in
            book.followUp(operation, request, approvesForgottenOriginals: trustForgotten)
        }
    }

    /// Injected error first (nothing decided), then the decision, then the answer's trip
    /// back, which latency, cancellation or a lost-answer fault can cut short.
    private func decide(
        _ operation: ProcessorOperation, _ transactionId: String,
        _ body: (inout SimulatedBook) throws(ProcessorError) -> ProcessorResponse
    ) async throws(ProcessorError) -> ProcessorResponse {
        let fault = try takeFault(operation, transactionId)
        let response: ProcessorResponse
        do {
            response = try body(&book)
        } catch {
            callLog.append(ProcessorCall(operation: operation, transactionId: transactionId, result: .threw(error)))
            throw error
        }
        try await answer(operation, transactionId, lost: fault == .loseAnswer || configuration.losesAnswers)
        callLog.append(ProcessorCall(operation: operation, transactionId: transactionId, result: .answered(response.outcome)))
        return response
    }

    /// Removes the next queued fault for `operation`; throws it if it is an error.
    private func takeFault(_ operation: ProcessorOperation, _ transactionId: String) throws(ProcessorError) -> SimulatedFault? {
        guard let fault = configuration.faults[operation]?.first else { return nil }
        configuration.faults[operation]?.removeFirst()
        if case .error(let error) = fault {
            callLog.append(ProcessorCall(operation: operation, transactionId: transactionId, result: .threw(error)))
            throw error
        }
        return fault
    }

    /// Waits out the configured latency and throws `.noAnswer` when the answer is lost:
    /// on purpose, or because the caller's task was cancelled while waiting.
    private func answer(_ operation: ProcessorOperation, _ transactionId: String, lost: Bool) async throws(ProcessorError) {
        var lost = lost
        if configuration.latency > .zero {
            do {
                try await Task.sleep(for: configuration.latency)
            } catch {
                lost = true
            }
        }
        guard lost else { return }
        callLog.append(ProcessorCall(operation: operation, transactionId: transactionId, result: .threw(.noAnswer)))
        throw .noAnswer
    }
}
