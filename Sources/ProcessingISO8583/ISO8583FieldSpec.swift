/// One row of a field table: how a data element is written on the wire.
public struct ISO8583FieldSpec: Hashable, Sendable, CustomStringConvertible {
    /// The data element number, 2–128 (1 is the secondary bitmap, 65 the tertiary one).
    public let number: Int
    /// The name ISO 8583:1987 gives the field, for documentation and errors.
    public let name: String
    public let format: ISO8583FieldFormat
    public let lengthType: ISO8583LengthType
    /// The exact length of a fixed field, the largest of a variable one: characters for
    /// text, bytes for binary.
    public let maxLength: Int

    public init(_ number: Int, _ name: String, _ format: ISO8583FieldFormat, _ lengthType: ISO8583LengthType, max maxLength: Int) {
        self.number = number
        self.name = name
        self.format = format
        self.lengthType = lengthType
        self.maxLength = maxLength
    }

    /// How the value travels; in this profile it follows from the format.
    public var encoding: ISO8583FieldEncoding { format.encoding }

    /// The most bytes the field can take in a message, length digits included.
    public var maximumEncodedLength: Int { lengthType.prefixLength + maxLength }

    /// The usual notation: "n 6", "an 12", "n ..19 LLVAR", "b ..255 LLLVAR".
    public var description: String {
        switch lengthType {
        case .fixed: return "\(format.rawValue) \(maxLength)"
        case .llvar, .lllvar, .llllvar: return "\(format.rawValue) ..\(maxLength) \(lengthType.rawValue)"
        }
    }
}
