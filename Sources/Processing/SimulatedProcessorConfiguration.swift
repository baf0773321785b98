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

    public init(
        latency: Duration = .zero, losesAnswers: Bool = false,
        faults: [ProcessorOperation: [SimulatedFault]] = [:]
    ) {
        self.latency = latency
        self.losesAnswers = losesAnswers
        self.faults = faults
    }
}
