/// The fields a link uses and how each is written: a value, not code, so that an acquirer
/// whose dialect differs gets a table of its own rather than a new codec.
///
/// Tapline's profile is ``tapline`` (see docs/iso8583.md).
public struct ISO8583FieldTable: Sendable {
    /// Why a table was refused.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Outside 2–128, or 65 (kept for the tertiary bitmap, which this codec does not speak).
        case reservedNumber(Int)
        case duplicate(Int)
        /// The maximum is not positive, or more than the length prefix can express.
        case impossibleLength(Int)

        public var description: String {
            switch self {
            case .reservedNumber(let number): return "field \(number) cannot be in a field table (2–64 and 66–128 only)"
            case .duplicate(let number): return "field \(number) is defined twice"
            case .impossibleLength(let number): return "field \(number) has a maximum length its length type cannot hold"
            }
        }
    }

    /// The rows, by field number.
    public let fields: [Int: ISO8583FieldSpec]

    /// A table of `specs`, refused if any row is impossible.
    public init(_ specs: [ISO8583FieldSpec]) throws(Problem) {
        if let problem = Self.problems(in: specs).first { throw problem }
        self.init(unchecked: specs)
    }

    /// For the built-in profile, whose rows the tests check with ``problems(in:)``.
    init(unchecked specs: [ISO8583FieldSpec]) {
        fields = Dictionary(specs.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public subscript(number: Int) -> ISO8583FieldSpec? { fields[number] }

    /// The rows in field-number order.
    public var specs: [ISO8583FieldSpec] { fields.values.sorted { $0.number < $1.number } }

    /// The longest message this table can describe: MTI, both bitmaps, every field at its
    /// maximum. A frame longer than this cannot hold a message the table can read.
    public var maximumMessageLength: Int {
        4 + 8 + 8 + fields.values.reduce(0) { $0 + $1.maximumEncodedLength }
    }

    /// Everything wrong with `specs`, empty for a usable table.
    public static func problems(in specs: [ISO8583FieldSpec]) -> [Problem] {
        var problems: [Problem] = []
        var seen = Set<Int>()
        for spec in specs {
            if !(2...128).contains(spec.number) || spec.number == 65 { problems.append(.reservedNumber(spec.number)) }
            if !seen.insert(spec.number).inserted { problems.append(.duplicate(spec.number)) }
            if spec.maxLength < 1 || spec.maxLength > spec.lengthType.largestLength {
                problems.append(.impossibleLength(spec.number))
            }
        }
        return problems
    }
}
