/// Why a ``SecurityModule`` could not do what was asked. Cases name keys, never their bytes,
/// so an error can be logged as it is.
public enum SecurityModuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key the operation needs is not loaded.
    case noKey(WorkingKeyKind)
    /// A key of the wrong length or one that does not decipher to a key.
    case invalidKey(WorkingKeyKind)
    /// An imported key's check value is not the one sent with it.
    case checkValueMismatch(WorkingKeyKind)
    /// The PIN block could not be built (a PAN the format refuses).
    case pinBlock(String)

    public var description: String {
        switch self {
        case .noKey(let kind): return "no \(kind) is loaded"
        case .invalidKey(let kind): return "the \(kind) is not a triple DES key of the length it needs"
        case .checkValueMismatch(let kind): return "the \(kind)'s check value does not match: the key is not taken"
        case .pinBlock(let reason): return "the PIN block could not be built: \(reason)"
        }
    }
}
