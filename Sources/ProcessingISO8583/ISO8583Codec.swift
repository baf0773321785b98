/// Turns ``ISO8583Message`` values into bytes and back under one field table.
///
/// The layout is the MTI (four ASCII digits), the binary bitmap(s), then each present
/// field in number order: ASCII length digits for variable fields, then the value (ASCII
/// text, or raw bytes for b fields). Nothing here frames messages for TCP; see
/// ``ISO8583Framing``.
public struct ISO8583Codec: Sendable {
    public let table: ISO8583FieldTable

    public init(table: ISO8583FieldTable = .tapline) {
        self.table = table
    }

    /// The bytes of `message`, every field checked against the table first.
    ///
    /// Short fixed n fields are left-padded with zeros and short fixed an/ans fields
    /// right-padded with spaces; anything too long, a short fixed b or z field, a character
    /// outside a field's format, or a field the table lacks is refused.
    public func encode(_ message: ISO8583Message) throws(ISO8583EncodeError) -> [UInt8] {
        let fields = message.fields.sorted { $0.key < $1.key }
        var body: [UInt8] = []
        for (number, value) in fields {
            // Fields 1 and 65 are never in a table (it refuses them), so they land here too,
            // as does any number the bitmaps could not hold.
            guard let spec = table[number] else { throw .fieldNotInTable(number) }
            body += try encodeField(value, as: spec)
        }
        return Array(message.mti.rawValue.utf8) + ISO8583Bitmap.encode(fields.map(\.key)) + body
    }

    /// One field: its length digits (variable fields) and its value.
    private func encodeField(_ value: ISO8583FieldValue, as spec: ISO8583FieldSpec) throws(ISO8583EncodeError) -> [UInt8] {
        var content = try valueBytes(value, as: spec)
        guard content.count <= spec.maxLength else {
            throw .tooLong(field: spec.number, length: content.count, maximum: spec.maxLength)
        }
        switch spec.lengthType {
        case .fixed:
            if content.count < spec.maxLength {
                guard let pad = spec.format.padding else {
                    throw .tooShort(field: spec.number, length: content.count, required: spec.maxLength)
                }
                let filler = [UInt8](repeating: pad, count: spec.maxLength - content.count)
                // Numbers keep their value with zeros in front; text keeps its start.
                content = spec.format == .numeric ? filler + content : content + filler
            }
            return content
        case .llvar, .lllvar, .llllvar:
            return Self.lengthDigits(content.count, width: spec.lengthType.prefixLength) + content
        }
    }

    /// The value's bytes, refused if its kind or a character does not fit the format.
    private func valueBytes(_ value: ISO8583FieldValue, as spec: ISO8583FieldSpec) throws(ISO8583EncodeError) -> [UInt8] {
        switch (value, spec.encoding) {
        case (.binary(let bytes), .raw):
            return bytes
        case (.text(let text), .ascii):
            let bytes = Array(text.utf8)
            if let position = bytes.firstIndex(where: { !spec.format.accepts($0) }) {
                throw .invalidCharacter(field: spec.number, format: spec.format, position: position)
            }
            return bytes
        case (_, let expected):
            throw .wrongKind(field: spec.number, expected: expected)
        }
    }

    /// `length` as `width` ASCII digits, zero-filled ("07", "120"); the caller has checked
    /// that it fits.
    private static func lengthDigits(_ length: Int, width: Int) -> [UInt8] {
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width)
        var rest = length
        for index in stride(from: width - 1, through: 0, by: -1) {
            digits[index] += UInt8(rest % 10)
            rest /= 10
        }
        return digits
    }
}
