/// Why a PIN could not be taken for a payment now. Each case is a 409 at the API.
public enum PINError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The payment is not waiting for a PIN (never asked, already approved or declined).
    case notAwaitingPIN(status: TransactionStatus)
    /// Another PIN for this payment is with the processor right now.
    case attemptInProgress
    /// The PIN window passed; the payment is declined for good.
    case windowExpired

    public var description: String {
        switch self {
        case .notAwaitingPIN(let status): return "the payment is \(status.rawValue), not waiting for a PIN"
        case .attemptInProgress: return "a PIN for this payment is already being checked; wait for its answer"
        case .windowExpired: return "the time to enter the PIN has passed; the payment is declined"
        }
    }
}
