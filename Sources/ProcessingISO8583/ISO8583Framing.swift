/// Messages on TCP: each one preceded by its length as two bytes, big-endian, header not
/// counted ("00 2A" then 42 bytes of message).
public enum ISO8583Framing {
    /// Bytes in the length header.
    public static let headerLength = 2
    /// The most the header can express.
    public static let largestLength = Int(UInt16.max)
    /// The default limit for frames read and written: the longest message Tapline's field
    /// table can describe. A longer frame cannot hold a message the codec could read.
    public static let defaultLimit = ISO8583FieldTable.tapline.maximumMessageLength

    /// `message` with its length header in front; an empty message or one over `limit`
    /// (itself at most 65 535) is refused.
    public static func frame(_ message: [UInt8], limit: Int = defaultLimit) throws(ISO8583FrameError) -> [UInt8] {
        try check(length: message.count, limit: limit)
        return [UInt8(message.count >> 8), UInt8(message.count & 0xFF)] + message
    }

    /// The rule both directions share.
    static func check(length: Int, limit: Int) throws(ISO8583FrameError) {
        guard length > 0 else { throw .zeroLength }
        let limit = min(limit, largestLength)
        guard length <= limit else { throw .overLimit(length: length, limit: limit) }
    }
}
