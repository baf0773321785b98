/// What a field may hold, in ISO 8583's own letters.
///
/// Text formats travel as ASCII, one byte per character; ``binary`` travels as raw bytes.
/// The character sets are checked both ways: an encode refuses a value outside its format,
/// and a decode refuses bytes outside it, so nothing unexpected from a host reaches a log
/// or a later parse.
public enum ISO8583FieldFormat: String, Sendable, CaseIterable {
    /// `n`: digits 0–9.
    case numeric = "n"
    /// `an`: letters A–Z a–z, digits, and the space that pads fixed fields.
    case alphanumeric = "an"
    /// `ans`: any printable ASCII character, space included (0x20–0x7E).
    case alphanumericSpecial = "ans"
    /// `b`: raw bytes, any value.
    case binary = "b"
    /// `z`: track 2 code set (ISO/IEC 7813): digits and the separators `: ; < = > ?`
    /// (0x30–0x3F); the field separator between PAN and expiry is `=`.
    case track2 = "z"

    /// How values of this format travel.
    public var encoding: ISO8583FieldEncoding {
        self == .binary ? .raw : .ascii
    }

    /// How a fixed-length value shorter than its field is completed; nil when it is refused.
    ///
    /// Numbers are left-padded with zeros, which keeps their value (amount 1000 is
    /// "000000001000"); text is right-padded with spaces, the usual way to fill terminal and
    /// merchant ids. Binary data (a PIN block, a MAC) and track data have no neutral filler,
    /// so a short value is a bug and is refused.
    public var padding: UInt8? {
        switch self {
        case .numeric: return UInt8(ascii: "0")
        case .alphanumeric, .alphanumericSpecial: return UInt8(ascii: " ")
        case .binary, .track2: return nil
        }
    }

    /// Whether `byte` may appear in a value of this format.
    public func accepts(_ byte: UInt8) -> Bool {
        switch self {
        case .numeric: return Self.isDigit(byte)
        case .alphanumeric: return Self.isDigit(byte) || Self.isLetter(byte) || byte == UInt8(ascii: " ")
        case .alphanumericSpecial: return (0x20...0x7E).contains(byte)
        case .binary: return true
        case .track2: return (0x30...0x3F).contains(byte)
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
