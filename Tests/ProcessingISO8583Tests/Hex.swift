import CardData

/// CardData's hex, spelled as the Python peers and fixtures use it, throwing where a
/// fixture or a peer's output is not hex.
extension Hex {
    struct Invalid: Error {}

    static func encode(_ bytes: some Sequence<UInt8>) -> String { string(bytes) }

    static func decode(_ text: String) throws -> [UInt8] {
        guard let bytes = bytes(text) else { throw Invalid() }
        return bytes
    }
}
