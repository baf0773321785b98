/// Reassembles length-framed messages from a TCP byte stream that arrives in arbitrary
/// chunks: a frame split over several chunks is kept until it is whole, and several frames
/// in one chunk come out one by one, in order.
///
/// A zero or over-limit length header is refused, and from then on every call refuses the
/// same way: the stream is out of step, and the connection must be closed.
public struct ISO8583FrameReader: Sendable {
    /// The longest message accepted (at most 65 535, what the header can say).
    public let limit: Int
    private var buffer: [UInt8] = []
    private var failure: ISO8583FrameError?

    public init(limit: Int = ISO8583Framing.defaultLimit) {
        self.limit = min(limit, ISO8583Framing.largestLength)
    }

    /// Bytes received that do not yet make a whole frame.
    public var bufferedByteCount: Int { buffer.count }

    /// Adds `chunk` and returns every message it completes, without their headers.
    public mutating func append(_ chunk: some Sequence<UInt8>) throws(ISO8583FrameError) -> [[UInt8]] {
        if let failure { throw failure }
        buffer.append(contentsOf: chunk)
        var messages: [[UInt8]] = []
        var start = 0
        while buffer.count - start >= ISO8583Framing.headerLength {
            let length = Int(buffer[start]) << 8 | Int(buffer[start + 1])
            do {
                try ISO8583Framing.check(length: length, limit: limit)
            } catch {
                failure = error
                buffer = []
                throw error
            }
            let end = start + ISO8583Framing.headerLength + length
            guard end <= buffer.count else { break }
            messages.append(Array(buffer[(start + ISO8583Framing.headerLength)..<end]))
            start = end
        }
        // One copy per call, not per frame: the rest is at most one partial frame.
        buffer.removeFirst(start)
        return messages
    }
}
