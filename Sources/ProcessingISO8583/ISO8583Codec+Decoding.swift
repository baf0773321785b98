extension ISO8583Codec {
    /// The message in `bytes`: exactly one, with nothing after it.
    ///
    /// Every malformed input is a typed ``ISO8583DecodeError``: no bytes, too few for a part,
    /// an MTI that is not version 0 digits, a bitmap naming a field the table lacks, length
    /// digits that are not digits or exceed the field's maximum or the bytes left, a byte
    /// outside a field's format, bytes after the last field. Fixed fields come back exactly
    /// as sent, padding included.
    public func decode(_ bytes: [UInt8]) throws(ISO8583DecodeError) -> ISO8583Message {
        guard !bytes.isEmpty else { throw .empty }
        var reader = ISO8583ByteReader(bytes)
        let mtiBytes = try reader.read(4, for: .mti)
        guard let mti = ISO8583MTI(rawValue: String(decoding: mtiBytes, as: UTF8.self)) else {
            throw .invalidMTI(mtiBytes.map(Self.hexByte).joined())
        }

        var numbers = ISO8583Bitmap.fieldNumbers(
            in: try reader.read(ISO8583Bitmap.size, for: .primaryBitmap), firstField: 1)
        if numbers.first == 1 {
            numbers.removeFirst()
            numbers += ISO8583Bitmap.fieldNumbers(
                in: try reader.read(ISO8583Bitmap.size, for: .secondaryBitmap), firstField: 65)
        }
        // Checked before any field is read: an unknown field's length is unknown, so
        // nothing after it could be located.
        var specs: [ISO8583FieldSpec] = []
        for number in numbers {
            guard let spec = table[number] else { throw .fieldNotInTable(number) }
            specs.append(spec)
        }

        var fields: [Int: ISO8583FieldValue] = [:]
        for spec in specs {
            fields[spec.number] = try decodeField(spec, from: &reader)
        }
        guard reader.remaining == 0 else { throw .trailingBytes(reader.remaining) }
        return ISO8583Message(mti: mti, fields: fields)
    }

    private func decodeField(
        _ spec: ISO8583FieldSpec, from reader: inout ISO8583ByteReader
    ) throws(ISO8583DecodeError) -> ISO8583FieldValue {
        let part = ISO8583DecodeError.Part.field(spec.number)
        var length = spec.maxLength
        if spec.lengthType != .fixed {
            length = 0
            // Digits only: no sign, no spaces, which a lenient integer parse would allow.
            for digit in try reader.read(spec.lengthType.prefixLength, for: part) {
                guard ISO8583FieldFormat.isDigit(digit) else { throw .invalidLengthPrefix(field: spec.number) }
                length = length * 10 + Int(digit - UInt8(ascii: "0"))
            }
            guard length <= spec.maxLength else {
                throw .lengthOverMaximum(field: spec.number, length: length, maximum: spec.maxLength)
            }
        }
        let content = try reader.read(length, for: part)
        if spec.encoding == .raw { return .binary(Array(content)) }
        if let position = content.firstIndex(where: { !spec.format.accepts($0) }) {
            throw .invalidCharacter(field: spec.number, format: spec.format, position: position - content.startIndex)
        }
        return .text(String(decoding: content, as: UTF8.self))
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }
}
