/// Why bytes were not read as a message. The decoder reads what a remote host sent, so every
/// malformed input ends here rather than in a crash; cases name where and counts, never a
/// field's value.
public enum ISO8583DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A part of the message, for errors that are not about one field.
    public enum Part: Hashable, Sendable, CustomStringConvertible {
        case mti
        case primaryBitmap
        case secondaryBitmap
        /// A data element, length digits included.
        case field(Int)

        public var description: String {
            switch self {
            case .mti: return "MTI"
            case .primaryBitmap: return "primary bitmap"
            case .secondaryBitmap: return "secondary bitmap"
            case .field(let number): return "field \(number)"
            }
        }
    }

    /// No bytes at all.
    case empty
    /// The input ends inside `part`: it needs `needed` more bytes, `remaining` are left.
    case truncated(Part, needed: Int, remaining: Int)
    /// The first four bytes are not a version 0 (1987) message type; they are kept, as hex,
    /// because an MTI carries no card data.
    case invalidMTI(String)
    /// A bitmap names a field the table does not define, so the rest cannot be located.
    case fieldNotInTable(Int)
    /// A variable field's length digits are not digits.
    case invalidLengthPrefix(field: Int)
    /// A variable field declares more than its maximum.
    case lengthOverMaximum(field: Int, length: Int, maximum: Int)
    /// A byte outside the field's format; `position` is its offset in the value.
    case invalidCharacter(field: Int, format: ISO8583FieldFormat, position: Int)
    /// Bytes left after the last field the bitmaps name.
    case trailingBytes(Int)

    public var description: String {
        switch self {
        case .empty:
            return "no bytes to decode"
        case .truncated(let part, let needed, let remaining):
            return "message ends in the \(part): \(needed) bytes needed, \(remaining) left"
        case .invalidMTI(let hex):
            return "message type \(hex) (hex) is not four digits of version 0"
        case .fieldNotInTable(let field):
            return "bitmap names field \(field), which the field table does not define"
        case .invalidLengthPrefix(let field):
            return "field \(field) has a length prefix that is not digits"
        case .lengthOverMaximum(let field, let length, let maximum):
            return "field \(field) declares length \(length), more than its maximum \(maximum)"
        case .invalidCharacter(let field, let format, let position):
            return "field \(field) (\(format.rawValue)) has a byte outside its format at position \(position)"
        case .trailingBytes(let count):
            return "\(count) bytes after the last field"
        }
    }
}
