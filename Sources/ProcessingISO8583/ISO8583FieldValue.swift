/// A data element's value: text for n, an, ans and z fields, bytes for b fields.
///
/// Text is kept exactly as it travels, padding included, so a decoded fixed field
/// reads as the host sent it ("TERM1   ").
public enum ISO8583FieldValue: Hashable, Sendable, ExpressibleByStringLiteral {
    case text(String)
    case binary([UInt8])

    public init(stringLiteral value: String) {
        self = .text(value)
    }

    /// The text of a text value, nil for bytes.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The bytes of a binary value, nil for text.
    public var bytes: [UInt8]? {
        if case .binary(let bytes) = self { return bytes }
        return nil
    }

    /// Characters of text, bytes of binary: what a length prefix counts.
    public var length: Int {
        switch self {
        case .text(let text): return text.utf8.count
        case .binary(let bytes): return bytes.count
        }
    }
}
