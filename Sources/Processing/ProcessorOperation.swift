/// The calls of ``PaymentProcessor``, to name them in the simulator's call log and faults.
public enum ProcessorOperation: String, Sendable, Hashable, CaseIterable {
    case authorize
    case capture
    case incrementAuthorization
    case adjustTip
    case void
    case reverse
    case refund
    case lookup
    case cancel
}
