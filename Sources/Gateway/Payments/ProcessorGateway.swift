import PaymentCore
import Processing
import Tracing

/// The processor as the services use it: every call bounded by the configured timeout, and
/// each follow-up type sent to its own processor operation.
struct ProcessorGateway: Sendable {
    let processor: any PaymentProcessor
    let timeout: Duration
    /// Times each call to the processor (`tapline_processor_request_duration_seconds`).
    var metrics: GatewayMetrics?
    /// Each call is a client span (`processor authorize`), the acquirer's messages its children.
    var tracer: any Tracer = NoOpTracer()

    /// The processor's id and name, as settings and payments show them.
    var identity: ProcessorIdentity { processor.identity }

    var isReachable: Bool {
        get async { await processor.isReachable }
    }

    /// Refuses the request before anything is written when the processor cannot be reached
    /// (an acquirer link with no connection up): 503, nothing changed, retry later.
    func requireReachable() async throws {
        guard await isReachable else {
            throw GatewayFailure.processorUnreachable(reason: nil)
        }
    }

    func authorize(_ request: AuthorizationRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await bounded("authorize") { try await processor.authorize(request) }
    }

    func followUp(_ type: TransactionType, _ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        guard let operation = ProcessorOperation(followUp: type) else { preconditionFailure("originals go through authorize") }
        return try await bounded(type.rawValue) { try await processor.followUp(operation, request) }
    }

    /// Whether the processor debits bank accounts (ACH).
    var supportsACH: Bool { processor.supportsACH }

    func debitBankAccount(_ request: ACHDebitRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await bounded("achDebit") { try await processor.debitBankAccount(request) }
    }

    func achStatus(transactionId: String) async throws(ProcessorError) -> ACHClearingStatus? {
        try await bounded("achStatus") { try await processor.achStatus(transactionId: transactionId) }
    }

    /// Whether the processor is an acquirer that payments must name a terminal to (and that
    /// has books to reconcile a closed batch with).
    var requiresAcquirerIdentity: Bool { processor.requiresAcquirerIdentity }

    /// A closed batch's totals for one terminal and currency; nil where there is no acquirer.
    func reconcile(_ request: ReconciliationRequest) async throws(ProcessorError) -> ReconciliationResult? {
        try await bounded("reconcile") { try await processor.reconcile(request) }
    }

    /// A trace for the next request, kept with the pending operation in phase 1.
    func prepareTrace(acquirer: AcquirerIdentity?) async throws(ProcessorError) -> String? {
        try await bounded(nil) { try await processor.prepareTrace(acquirer: acquirer) }
    }

    /// Best effort: the reversal of an operation a crash left unanswered. A failure is logged
    /// by the processor; a reversal it queued is repeated until acknowledged.
    func reverseUnanswered(_ request: UnansweredRequest) async {
        _ = try? await bounded("reverseUnanswered") { try await processor.reverseUnanswered(request) }
    }

    func lookup(transactionId: String) async throws(ProcessorError) -> ProcessorResponse? {
        try await bounded("lookup") { try await processor.lookup(transactionId: transactionId) }
    }

    /// Best effort: a reversal for a request whose answer never came. Failures are left to recovery.
    func cancel(transactionId: String) async {
        _ = try? await bounded("cancel") { try await processor.cancel(transactionId: transactionId) }
    }

    /// Runs `call`, giving up with `.noAnswer` once the timeout passes. Errors that are not
    /// the processor's own are reported as a processor malfunction (96). The time it took,
    /// answered or not, is recorded under `operation` (nil: local work, not a call), and the
    /// call is a span named by it.
    private func bounded<T: Sendable>(
        _ operation: String?, _ call: @escaping @Sendable () async throws -> T
    ) async throws(ProcessorError) -> T {
        guard let operation else { return try await Self.race(call, timeout: timeout).get() }
        let started = ContinuousClock.now
        defer {
            metrics?.processorCall(processor: identity.id, operation: operation, duration: ContinuousClock.now - started)
        }
        let result = await tracer.span("processor \(operation)", kind: .client) { span in
            span.attributes["tapline.processor.id"] = identity.id
            span.attributes["tapline.processor.operation"] = operation
            let result = await Self.race(call, timeout: timeout)
            if case .failure(let error) = result {
                span.attributes["error.type"] = error.traceName
                span.setStatus(SpanStatus(code: .error))
            }
            return result
        }
        return try result.get()
    }

    /// The call's result, or `.noAnswer` when `timeout` passes first.
    private static func race<T: Sendable>(
        _ call: @escaping @Sendable () async throws -> T, timeout: Duration
    ) async -> Result<T, ProcessorError> {
        await withTaskGroup(of: Result<T, ProcessorError>?.self) { group in
            group.addTask {
                do {
                    return .success(try await call())
                } catch let error as ProcessorError {
                    return .failure(error)
                } catch {
                    return .failure(.unavailable(code: "96", message: "processor call failed"))
                }
            }
            group.addTask {
                do { try await Task.sleep(for: timeout) } catch { return nil }
                return .failure(.noAnswer)
            }
            var outcome: Result<T, ProcessorError> = .failure(.noAnswer)
            for await next in group {
                if let next {
                    outcome = next
                    break
                }
            }
            group.cancelAll()
            return outcome
        }
    }
}

private extension ProcessorError {
    /// The case's name, for a span.
    var traceName: String {
        switch self {
        case .unavailable: "unavailable"
        case .noAnswer: "noAnswer"
        case .notConnected: "notConnected"
        }
    }
}
