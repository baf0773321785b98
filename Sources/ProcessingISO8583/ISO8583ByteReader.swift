/// A cursor over bytes from a remote host: every read is bounds-checked and fails with a
/// typed error naming the part being read, never traps.
struct ISO8583ByteReader {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - position }

    /// The next `count` bytes, for `part`; ``ISO8583DecodeError/truncated(_:needed:remaining:)``
    /// when fewer are left.
    mutating func read(_ count: Int, for part: ISO8583DecodeError.Part) throws(ISO8583DecodeError) -> ArraySlice<UInt8> {
        guard count <= remaining else { throw .truncated(part, needed: count, remaining: remaining) }
        defer { position += count }
        return bytes[position..<position + count]
    }
}
