/// Why a triple DES key or block was refused. Cases carry byte counts only, never key or
/// block bytes, so they can be logged.
public enum TripleDESError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key is not 16 (double-length) or 24 (triple-length) bytes; carries the byte count.
    case invalidKeyLength(Int)
    /// The block is not 8 bytes; carries the byte count.
    case invalidBlockLength(Int)

    public var description: String {
        switch self {
        case .invalidKeyLength(let count):
            return "triple DES key has \(count) bytes; expected 16 (double-length) or 24 (triple-length)"
        case .invalidBlockLength(let count):
            return "triple DES block has \(count) bytes; expected 8"
        }
    }
}
