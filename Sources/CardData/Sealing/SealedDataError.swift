/// Why sealed card data (`paymentCardData`) could not be opened. Cases never carry card
/// data, so they can be logged and returned to the client as they are.
public enum SealedDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A JWK or key that is not a P-256 public key.
    case invalidKey

    public var description: String {
        switch self {
        case .invalidKey: return "the key is not a P-256 public key"
        }
    }
}
