import ProcessingISO8583
import Testing

/// What the encoder writes for each kind of field, and what it refuses.
@Suite struct ISO8583EncodeTests {
    private let codec = ISO8583Codec()

    /// The bytes after the MTI and bitmap(s) of a message holding only `fields`.
    private func fieldBytes(_ fields: [Int: ISO8583FieldValue], mti: ISO8583MTI = .financialRequest) throws -> String {
        let bytes = try codec.encode(ISO8583Message(mti: mti, fields: fields))
        let bitmaps = fields.keys.contains { $0 > 64 } ? 16 : 8
        return String(decoding: bytes.dropFirst(4 + bitmaps), as: UTF8.self)
    }

    @Test func writesTheMTIThenABinaryPrimaryBitmap() throws {
        let bytes = try codec.encode(ISO8583Message(mti: .authorizationRequest, fields: [2: "4242424242424242", 4: "000000001000"]))
        #expect(Array(bytes.prefix(4)) == Array("0100".utf8))
        // Fields 2 and 4: bits 2 and 4 of the first byte, counted from the most significant.
        #expect(Array(bytes[4..<12]) == [0x50, 0, 0, 0, 0, 0, 0, 0])
        #expect(bytes.count == 4 + 8 + 2 + 16 + 12)
    }

    @Test func addsTheSecondaryBitmapOnlyForFieldsAbove64() throws {
        let primaryOnly = try codec.encode(ISO8583Message(mti: .networkManagementRequest, fields: [11: "000001"]))
        #expect(primaryOnly.count == 4 + 8 + 6)
        #expect(primaryOnly[4] & 0x80 == 0)

        let withSecondary = try codec.encode(ISO8583Message(
            mti: .networkManagementRequest, fields: [11: "000001", 70: "001", 128: .binary([1, 2, 3, 4, 5, 6, 7, 8])]))
        #expect(withSecondary.count == 4 + 16 + 6 + 3 + 8)
        // Bit 1 (secondary bitmap present) and bit 11 in the primary; 70 and 128 in the secondary.
        #expect(Array(withSecondary[4..<20]) == [0x80, 0x20, 0, 0, 0, 0, 0, 0, 0x04, 0, 0, 0, 0, 0, 0, 0x01])
    }

    @Test func variableFieldsCarryASCIILengthDigits() throws {
        #expect(try fieldBytes([2: "4242424242424242"]) == "164242424242424242")
        #expect(try fieldBytes([32: "1"]) == "011")
        #expect(try fieldBytes([63: "TOTALS"]) == "006TOTALS")
        #expect(try fieldBytes([60: ""]) == "000")
        let icc = try codec.encode(ISO8583Message(mti: .financialRequest, fields: [55: .binary([0x9F, 0x27, 0x01, 0x80])]))
        #expect(Array(icc.suffix(7)) == Array("004".utf8) + [0x9F, 0x27, 0x01, 0x80])
    }

    @Test func shortFixedNumbersAreLeftPaddedWithZeros() throws {
        #expect(try fieldBytes([4: "1000"]) == "000000001000")
        #expect(try fieldBytes([11: "42"]) == "000042")
        #expect(try fieldBytes([70: ""], mti: .networkManagementRequest) == "000")
    }

    @Test func shortFixedTextIsRightPaddedWithSpaces() throws {
        #expect(try fieldBytes([41: "TERM1"]) == "TERM1   ")
        #expect(try fieldBytes([37: "ABC"]) == "ABC         ")
        #expect(try fieldBytes([43: "SHOP"]) == "SHOP" + String(repeating: " ", count: 36))
    }

    @Test func decodingKeepsThePaddingItAdded() throws {
        let bytes = try codec.encode(ISO8583Message(mti: .financialRequest, fields: [4: "1000", 38: "AB12", 41: "TERM1"]))
        let decoded = try codec.decode(bytes)
        #expect(decoded[field: 4] == "000000001000")
        #expect(decoded[field: 38] == "AB12  ")
        #expect(decoded[field: 41] == "TERM1   ")
    }

    @Test func refusesShortFixedBinaryAndTrackFields() throws {
        #expect(throws: ISO8583EncodeError.tooShort(field: 52, length: 7, required: 8)) {
            try codec.encode(ISO8583Message(mti: .financialRequest, fields: [52: .binary([UInt8](repeating: 1, count: 7))]))
        }
        let fixedTrack = try ISO8583Codec(table: ISO8583FieldTable([ISO8583FieldSpec(35, "Track 2 data", .track2, .fixed, max: 10)]))
        #expect(throws: ISO8583EncodeError.tooShort(field: 35, length: 5, required: 10)) {
            try fixedTrack.encode(ISO8583Message(mti: .financialRequest, fields: [35: "12345"]))
        }
    }

    @Test func refusesValuesOverTheMaximum() {
        let cases: [(Int, ISO8583FieldValue, Int, Int)] = [
            (2, .text(String(repeating: "4", count: 20)), 20, 19),
            (4, "1234567890123", 13, 12),
            (37, "ABCDEFGHIJKLM", 13, 12),
            (52, .binary([UInt8](repeating: 0, count: 9)), 9, 8),
            (55, .binary([UInt8](repeating: 0, count: 256)), 256, 255),
            (62, .text(String(repeating: "x", count: 1000)), 1000, 999),
        ]
        for (field, value, length, maximum) in cases {
            #expect(throws: ISO8583EncodeError.tooLong(field: field, length: length, maximum: maximum)) {
                try codec.encode(ISO8583Message(mti: .financialRequest, fields: [field: value]))
            }
        }
    }

    @Test func refusesCharactersOutsideTheFormat() {
        let cases: [(Int, String, ISO8583FieldFormat, Int)] = [
            (4, "00000000100A", .numeric, 11),
            (2, "4242 4242 4242 4242", .numeric, 4),
            (11, "-00001", .numeric, 0),
            (37, "ABC-12345678", .alphanumeric, 3),
            (43, "CAFÉ", .alphanumericSpecial, 3),
            (42, "MERCHANT\n", .alphanumericSpecial, 8),
            (35, "4242424242424242D2712", .track2, 16),
        ]
        for (field, text, format, position) in cases {
            #expect(throws: ISO8583EncodeError.invalidCharacter(field: field, format: format, position: position), "\(field)") {
                try codec.encode(ISO8583Message(mti: .financialRequest, fields: [field: .text(text)]))
            }
        }
    }

    @Test func refusesTheWrongKindOfValue() {
        #expect(throws: ISO8583EncodeError.wrongKind(field: 52, expected: .raw)) {
            try codec.encode(ISO8583Message(mti: .financialRequest, fields: [52: "0412AC89ABCDEF67"]))
        }
        #expect(throws: ISO8583EncodeError.wrongKind(field: 2, expected: .ascii)) {
            try codec.encode(ISO8583Message(mti: .financialRequest, fields: [2: .binary([0x42, 0x42])]))
        }
    }

    @Test func refusesFieldsOutsideTheTable() {
        for field in [-1, 0, 1, 5, 61, 65, 129] {
            #expect(throws: ISO8583EncodeError.fieldNotInTable(field)) {
                try codec.encode(ISO8583Message(mti: .financialRequest, fields: [4: "1000", field: "1"]))
            }
        }
    }
}
