/// A processor call that produced no decision.
public enum ProcessorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The processor refused to process the request (for example "96" system malfunction).
    /// Nothing was approved, so nothing needs reversing.
    case unavailable(code: String, message: String)
    /// No answer in time. The processor may have approved, so the caller must reverse
    /// with ``PaymentProcessor/cancel(transactionId:)`` before calling the operation failed.
    case noAnswer
    /// The processor cannot be reached at all (an acquirer link with no connection up):
    /// nothing was sent, so nothing needs reversing, and trying again later may work.
    case notConnected

    /// Whether an approval may exist at the processor, so a reversal is owed.
    public var mayHaveApproved: Bool { self == .noAnswer }

    public var description: String {
        switch self {
        case .unavailable(let code, let message): return "processor unavailable: \(code) \(message)"
        case .noAnswer: return "processor did not answer in time"
        case .notConnected: return "processor not connected"
        }
    }
}
