/// How ``SimulatedProcessor`` behaves beyond the test-card table.
public struct SimulatedProcessorConfiguration: Sendable {
    /// Time each answer takes to come back. Zero (the default) never sleeps.
    public var latency: Duration
    /// While true, every decision is recorded and then lost: each authorize and follow-up
    /// throws ``ProcessorError/noAnswer`` after deciding.
    public var losesAnswers: Bool
    /// Faults for the first calls of an operation: `[.capture: [.error(.noAnswer)]]` makes
    /// the next capture throw, each fault being used once, in order.
    public var faults: [ProcessorOperation: [SimulatedFault]]
    /// The simulator keeps its books in memory, so a restarted gateway's earlier payments are
    /// unknown to it. When true, a follow-up on a reference this simulator issued in an
    /// earlier run (`sim_…`) is approved as asked, leaving the amount rules to the gateway's
    /// own books. `tapline serve` turns it on; tests leave it off to keep the checks strict.
    public var approvesForgottenOriginals: Bool

    public init(
        latency: Duration = .zero, losesAnswers: Bool = false,
        faults: [ProcessorOperation: [SimulatedFault]] = [:], approvesForgottenOriginals: Bool = false
    ) {
        self.latency = latency
        self.losesAnswers = losesAnswers
        self.faults = faults
        self.approvesForgottenOriginals = approvesForgottenOriginals
    }
}
