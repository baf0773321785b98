/// Why a message could not be encoded. Cases name the field and counts, never the value,
/// so an error about field 2 or 35 can be logged.
public enum ISO8583EncodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field table has no row for this field (1 and 65 never have one: the codec writes
    /// the bitmaps itself).
    case fieldNotInTable(Int)
    /// Text given for a b field, or bytes for a text field.
    case wrongKind(field: Int, expected: ISO8583FieldEncoding)
    /// A character outside the field's format, e.g. a letter in an n field; `position` is
    /// the offset of the first one.
    case invalidCharacter(field: Int, format: ISO8583FieldFormat, position: Int)
    /// Longer than the field's maximum (never truncated).
    case tooLong(field: Int, length: Int, maximum: Int)
    /// Shorter than a fixed field whose format has no padding (b, z).
    case tooShort(field: Int, length: Int, required: Int)

    public var description: String {
        switch self {
        case .fieldNotInTable(let field):
            return "field \(field) is not in the field table"
        case .wrongKind(let field, let expected):
            return "field \(field) takes \(expected == .raw ? "bytes" : "text")"
        case .invalidCharacter(let field, let format, let position):
            return "field \(field) (\(format.rawValue)) has a character outside its format at position \(position)"
        case .tooLong(let field, let length, let maximum):
            return "field \(field) is \(length) long, more than its maximum \(maximum)"
        case .tooShort(let field, let length, let required):
            return "field \(field) is \(length) long; it must be exactly \(required)"
        }
    }
}
