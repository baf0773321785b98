/// Why a TCP frame was refused. After either, the byte stream can no longer be trusted to be
/// in step, so the connection is to be closed.
public enum ISO8583FrameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A length header of zero (or an empty message to send): no message is empty.
    case zeroLength
    /// A length header (or a message to send) over the limit.
    case overLimit(length: Int, limit: Int)

    public var description: String {
        switch self {
        case .zeroLength: return "frame of length zero"
        case .overLimit(let length, let limit): return "frame of \(length) bytes, over the limit of \(limit)"
        }
    }
}
