import Foundation

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
    /// The most transaction ids the books remember (each with its decision and, for an
    /// approved sale or authorization, what follow-ups are checked against). Past it the
    /// least recently used id is forgotten: a follow-up on its payment is then answered as
    /// one on a payment of an earlier run (see `approvesForgottenOriginals`), and `lookup`
    /// finds nothing. The default holds about 24 MB (`python3 scripts/bench.py micro simulator`)
    /// and, up to some 130 operations a second, every id of the recovery job's window
    /// (a 120 s grace and a 30 s round), which is what it asks `lookup` about.
    public var bookCapacity: Int
    /// How many of the latest calls ``SimulatedProcessor/calls`` keeps.
    public var callLogCapacity: Int
    /// How long after the gateway first asks the simulator reports a dispute of the disputed
    /// test card's capture (``PaymentProcessor/reportedDisputes(at:)``).
    public var disputeDelay: TimeInterval

    /// The default `disputeDelay`: a few seconds, so a demo sees it come.
    public static let defaultDisputeDelay: TimeInterval = 5

    /// The default `bookCapacity`.
    public static let defaultBookCapacity = 20_000
    /// The default `callLogCapacity`: more calls than any test makes, little memory.
    public static let defaultCallLogCapacity = 1_000

    public init(
        latency: Duration = .zero, losesAnswers: Bool = false,
        faults: [ProcessorOperation: [SimulatedFault]] = [:], approvesForgottenOriginals: Bool = false,
        bookCapacity: Int = Self.defaultBookCapacity, callLogCapacity: Int = Self.defaultCallLogCapacity,
        disputeDelay: TimeInterval = Self.defaultDisputeDelay
    ) {
        self.disputeDelay = disputeDelay
        self.latency = latency
        self.losesAnswers = losesAnswers
        self.faults = faults
        self.approvesForgottenOriginals = approvesForgottenOriginals
        self.bookCapacity = bookCapacity
        self.callLogCapacity = callLogCapacity
    }
}
