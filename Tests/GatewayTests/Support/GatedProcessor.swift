@testable import Gateway
import Processing
import TestSupport

/// A processor whose authorizations wait at a gate until the test opens it, so a test can
/// hold a request in phase 2 deterministically (no sleeping). A look-up can run a step of
/// the test first (``beforeNextLookup(_:)``), to hold the recovery job between its phases.
final class GatedProcessor: PaymentProcessor {
    let inner = SimulatedProcessor()
    let entered: AsyncStream<Void>
    private let enteredContinuation: AsyncStream<Void>.Continuation
    private let waiting = Locked<CheckedContinuation<Void, Never>?>(nil)
    private let lookupHook = Locked<(@Sendable () async -> Void)?>(nil)

    init() {
        (entered, enteredContinuation) = AsyncStream.makeStream()
    }

    /// The next look-up first runs `step` (once).
    func beforeNextLookup(_ step: @escaping @Sendable () async -> Void) { lookupHook.withLock { $0 = step } }

    /// Lets the authorization waiting at the gate go on.
    func open() { waiting.withLock { $0?.resume(); $0 = nil } }

    var identity: ProcessorIdentity { .simulator }

    func authorize(_ request: AuthorizationRequest) async throws(ProcessorError) -> ProcessorResponse {
        await withCheckedContinuation { continuation in
            waiting.withLock { $0 = continuation }
            enteredContinuation.yield()
        }
        return try await inner.authorize(request)
    }

    func followUp(_ operation: ProcessorOperation, _ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await inner.followUp(operation, request)
    }
    func lookup(transactionId: String) async throws(ProcessorError) -> ProcessorResponse? {
        if let step = lookupHook.withLock({ hook in defer { hook = nil }; return hook }) { await step() }
        return try await inner.lookup(transactionId: transactionId)
    }
    func cancel(transactionId: String) async throws(ProcessorError) { try await inner.cancel(transactionId: transactionId) }
}

extension GatewayConfiguration {
    /// For a test that holds a request at a ``GatedProcessor``'s gate: a deadline far beyond
    /// the test, so that a loaded machine (the whole suite on two cores) cannot turn the held
    /// request into a 504 before the test opens the gate.
    static var holdingTheProcessor: GatewayConfiguration {
        var configuration = GatewayConfiguration()
        configuration.processorTimeout = .seconds(600)
        return configuration
    }
}
