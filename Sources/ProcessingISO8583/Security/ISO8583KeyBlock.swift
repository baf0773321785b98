import CardData

/// Field 125 of a key exchange (0800/0810 with 70 = 161, docs/iso8583.md "Key exchange"):
/// which key, the key enciphered under the zone master key, and its check value, as text:
/// `TAK` or `ZPK`, then the enciphered key in hex (32 or 48 digits), then the KCV (6 hex
/// digits). `TAK` + 32 + 6 is 41 characters.
public struct ISO8583KeyBlock: Equatable, Sendable {
    /// Field 70 of a key exchange, both ways: the host sends a new key in an 0800, or the
    /// link asks for one and the 0810 carries it.
    public static let networkCode = "161"
    /// The field that carries the block.
    public static let field = 125

    public var kind: WorkingKeyKind
    public var enciphered: [UInt8]
    public var checkValue: String

    /// Nil when `text` is not a block: an unknown kind, a key that is not 16 or 24 bytes of
    /// hex, or a check value that is not 6 hex digits.
    public init?(_ text: String) {
        let characters = Array(text)
        guard characters.count == 3 + 32 + 6 || characters.count == 3 + 48 + 6 else { return nil }
        switch String(characters[0..<3]) {
        case "TAK": kind = .terminalAuthentication
        case "ZPK": kind = .zonePIN
        default: return nil
        }
        let check = String(characters.suffix(6))
        guard let key = Hex.bytes(String(characters[3..<(characters.count - 6)])), Hex.bytes(check) != nil else { return nil }
        enciphered = key
        checkValue = check.uppercased()
    }
}
