/// Whether a field has a fixed length or carries its own length before its value.
///
/// Variable lengths are written as ASCII digits, two (LLVAR), three (LLLVAR) or four
/// (LLLLVAR), counting characters for text and bytes for binary fields.
public enum ISO8583LengthType: String, Sendable, CaseIterable {
    /// Always exactly the field's maximum length; nothing precedes the value.
    case fixed
    /// Two ASCII digits of length, then the value (at most 99).
    case llvar = "LLVAR"
    /// Three ASCII digits of length, then the value (at most 999).
    case lllvar = "LLLVAR"
    /// Four ASCII digits of length, then the value (at most 9999): sealed card data.
    case llllvar = "LLLLVAR"

    /// How many length digits precede the value.
    public var prefixLength: Int {
        switch self {
        case .fixed: return 0
        case .llvar: return 2
        case .lllvar: return 3
        case .llllvar: return 4
        }
    }

    /// The largest length the prefix can express; for a fixed field, no bound of its own.
    public var largestLength: Int {
        switch self {
        case .fixed: return Int.max
        case .llvar: return 99
        case .lllvar: return 999
        case .llllvar: return 9999
        }
    }
}
