/// Where the message authentication code goes in an ISO 8583:1987 message and what it
/// covers (docs/iso8583.md, "Message authentication").
///
/// The MAC is the last field of the message: field 64 when the message has no secondary
/// bitmap (no field 65–127), field 128 when it has one. It covers the encoded message up
/// to, not including, the MAC field: the MTI, the bitmaps (with the MAC's own bit set) and
/// every other field as it travels, without the 2-byte frame header.
public enum ISO8583MAC {
    /// The MAC's length in bytes (b 64).
    public static let length = 8

    /// The two fields a MAC can be in.
    public static let fields: Set<Int> = [64, 128]

    /// The field that carries the MAC of `message`: 128 when a field 65–127 is present
    /// (there is a secondary bitmap, so 128 is last), otherwise 64.
    public static func field(for message: ISO8583Message) -> Int {
        message.fields.keys.contains { (65...127).contains($0) } ? 128 : 64
    }

    /// `message` with the MAC field in its place, holding zeros until the MAC is known, and
    /// no other MAC field.
    public static func placeholder(in message: ISO8583Message) -> ISO8583Message {
        var message = message
        for number in Self.fields { message[field: number] = nil }
        message[field: field(for: message)] = .binary([UInt8](repeating: 0, count: length))
        return message
    }

    /// The MAC of `message` as it came, when it is where the rule puts it (and no other MAC
    /// field is present); nil otherwise.
    public static func value(in message: ISO8583Message) -> [UInt8]? {
        let macField = field(for: message)
        guard !message.fields.keys.contains(where: { Self.fields.contains($0) && $0 != macField }),
              let mac = message[field: macField]?.bytes, mac.count == length else { return nil }
        return mac
    }
}
