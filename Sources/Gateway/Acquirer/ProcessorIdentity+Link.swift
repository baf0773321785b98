import CardData
import Crypto
import Processing

extension ProcessorIdentity {
    /// A named link's identity: an id made from the name (a UUID's shape, from its SHA-256),
    /// so that every instance and every restart gives the link's payments the same id.
    static func acquirerLink(named name: String) -> ProcessorIdentity {
        var bytes = Array(SHA256.hash(data: Array("tapline acquirer link \(name)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5: a name-based UUID
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // the RFC 4122 variant
        let hex = Hex.string(bytes).lowercased()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return ProcessorIdentity(id: parts.joined(separator: "-"), name: "ISO 8583 acquirer \(name)")
    }
}
