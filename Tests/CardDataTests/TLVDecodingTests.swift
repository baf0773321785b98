import CardData
import Foundation
import Testing

@Suite struct TLVDecodingTests {
    private static func bytes(_ hex: String) throws -> Data {
        try EMVFixtures.data(hex.replacingOccurrences(of: " ", with: ""))
    }

    private static func decode(_ hex: String, maxDepth: Int = 8) throws -> [TLV] {
        try BERTLV.decode(bytes(hex), maxDepth: maxDepth)
    }

    @Test func oneTwoThreeAndFourByteTags() throws {
        #expect(try Self.decode("9C 01 00") == [TLV(.transactionType, Data([0x00]))])
        #expect(try Self.decode("9F02 06 000000001234") == [TLV(.amountAuthorised, try Self.bytes("000000001234"))])
        #expect(try Self.decode("DF8101 03 414243") == [TLV(.readId, Data("ABC".utf8))])
        #expect(try Self.decode("DF818101 01 07") == [TLV(TLVTag(0xDF81_8101), Data([0x07]))])
    }

    @Test func emptyDataAndEmptyValues() throws {
        #expect(try Self.decode("") == [])
        #expect(try Self.decode("9F03 00") == [TLV(.amountOther, Data())])
        #expect(try Self.decode("70 00") == [TLV(.readRecordTemplate, children: [])])
    }

    @Test func longFormLengths() throws {
        let value128 = Data(repeating: 0xAB, count: 128)
        #expect(try BERTLV.decode(Self.bytes("DF8104 81 80") + value128) == [TLV(.pinBlock, value128)])
        let value256 = Data(repeating: 0xCD, count: 256)
        #expect(try BERTLV.decode(Self.bytes("90 82 0100") + value256) == [TLV(TLVTag(0x90), value256)])
        // Lengths need not be minimal, as BER allows; all of these are 2.
        for length in ["02", "81 02", "82 0002", "83 000002", "84 00000002"] {
            #expect(try Self.decode("5A \(length) 1234") == [TLV(.applicationPAN, Data([0x12, 0x34]))], "\(length)")
        }
    }

    @Test func nestedTemplates() throws {
        let decoded = try Self.decode("70 0F E1 07 77 05 9F36 02 0042 5F24 03 301231")
        let expected = TLV(.readRecordTemplate, children: [
            TLV(.taplineTemplate, children: [
                TLV(.responseTemplateFormat2, children: [TLV(.applicationTransactionCounter, Data([0x00, 0x42]))]),
            ]),
            TLV(.applicationExpirationDate, Data([0x30, 0x12, 0x31])),
        ])
        #expect(decoded == [expected])
        #expect(decoded[0].children[0].children[0].children[0].bytes == Data([0x00, 0x42]))
    }

    @Test func responseTemplateFormat1IsPrimitive() throws {
        // 80 has bit 6 clear: its content is concatenated fields without tags.
        #expect(try Self.decode("80 06 1980 08010100") == [TLV(.responseTemplateFormat1, try Self.bytes("1980 08010100"))])
    }

    @Test func skipsPaddingAtEveryLevel() throws {
        let flat = try Self.decode("00 00 9C 01 00 00 5F2A 02 0978 FF FF")
        #expect(flat == [TLV(.transactionType, Data([0x00])), TLV(.transactionCurrencyCode, Data([0x09, 0x78]))])
        let nested = try Self.decode("70 06 00 9C 01 00 FF FF")
        #expect(nested == [TLV(.readRecordTemplate, children: [TLV(.transactionType, Data([0x00]))])])
        #expect(try Self.decode("00 FF") == [])
    }

    @Test func ffStartsATagUnlessOnlyFillerFollows() throws {
        // The Mastercard kernel's Data Record FF8105 is a constructed tag, not filler.
        let decoded = try Self.decode("FF8105 03 9C 01 00")
        #expect(decoded == [TLV(TLVTag(0xFF8105), children: [TLV(.transactionType, Data([0x00]))])])
    }

    @Test func truncatedTag() {
        #expect(throws: TLVError.truncatedTag(offset: 0)) { try Self.decode("9F") }
        #expect(throws: TLVError.truncatedTag(offset: 3)) { try Self.decode("9C 01 00 DF 81") }
        // The template ends inside the tag even though more data follows it.
        #expect(throws: TLVError.truncatedTag(offset: 2)) { try Self.decode("70 01 9F 36 02 00 42") }
    }

    @Test func tagTooLong() {
        #expect(throws: TLVError.tagTooLong(offset: 0)) { try Self.decode("DF 81 81 81 01 01 00") }
        #expect(throws: TLVError.tagTooLong(offset: 3)) { try Self.decode("9C 01 00 DF 81 81 81 01 01 00") }
        // Already a fifth tag byte is due, so "too long" wins over "truncated".
        #expect(throws: TLVError.tagTooLong(offset: 0)) { try Self.decode("DF 81 81 81") }
    }

    @Test func truncatedLength() {
        #expect(throws: TLVError.truncatedLength(offset: 1)) { try Self.decode("9C") }
        #expect(throws: TLVError.truncatedLength(offset: 2)) { try Self.decode("9F02 82 01") }
        #expect(throws: TLVError.truncatedLength(offset: 4)) { try Self.decode("70 02 9F 36 02 00 42") }
    }

    @Test func unsupportedLength() {
        #expect(throws: TLVError.unsupportedLength(offset: 1)) { try Self.decode("70 80 9C 01 00 00 00") }
        #expect(throws: TLVError.unsupportedLength(offset: 1)) { try Self.decode("5A 85 00 00 00 00 01 12") }
        #expect(throws: TLVError.unsupportedLength(offset: 4)) { try Self.decode("9C 01 00 5A FF") }
    }

    @Test func valuePastEnd() throws {
        let data = try Self.bytes("9C 01 00 5F2A 02 0978 5A 28") + Data(repeating: 0x11, count: 12)
        #expect(throws: TLVError.valuePastEnd(offset: 9, declared: 40, available: 12)) { try BERTLV.decode(data) }
        #expect(TLVError.valuePastEnd(offset: 9, declared: 40, available: 12).description
            == "TLV length at byte 9 declares 40 bytes but only 12 remain")
        // Bounded by the enclosing template, not by the end of the data.
        #expect(throws: TLVError.valuePastEnd(offset: 3, declared: 8, available: 1)) {
            try Self.decode("70 03 5A 08 12 9C 01 00")
        }
        #expect(throws: TLVError.valuePastEnd(offset: 1, declared: 0xFFFF_FFFF, available: 0)) {
            try Self.decode("5A 84 FFFFFFFF")
        }
    }

    @Test func garbageInsideATemplate() throws {
        // Text where TLV should be: "HELLO" reads as tag 48, length 0x45.
        #expect(throws: TLVError.valuePastEnd(offset: 3, declared: 0x45, available: 3)) {
            try Self.decode("70 05 48454C4C4F")
        }
        #expect(throws: TLVError.unsupportedLength(offset: 3)) { try Self.decode("77 03 DE AD BE") }
        // The same bytes under a primitive tag are just a value.
        #expect(try Self.decode("50 05 48454C4C4F") == [TLV(.applicationLabel, Data("HELLO".utf8))])
    }

    @Test func nestingTooDeep() throws {
        // Nine nested E1 templates, two header bytes each, around one 9C object.
        var hex = "9C0100"
        for _ in 0..<9 {
            let length = hex.count / 2
            hex = "E1" + String(format: "%02X", length) + hex
        }
        #expect(throws: TLVError.nestingTooDeep(offset: 16, limit: 8)) { try Self.decode(hex) }
        #expect(try Self.decode(hex, maxDepth: 10).count == 1)
        #expect(throws: TLVError.nestingTooDeep(offset: 2, limit: 1)) { try Self.decode("70 03 9C 01 00", maxDepth: 1) }
        #expect(try Self.decode("70 00 9C 01 00", maxDepth: 1).count == 2)
    }

    @Test func errorMessagesNameTheOffsetAndNoValueBytes() {
        let errors: [TLVError] = [
            .truncatedTag(offset: 3), .tagTooLong(offset: 3), .truncatedLength(offset: 3),
            .unsupportedLength(offset: 3), .valuePastEnd(offset: 3, declared: 9, available: 2),
            .nestingTooDeep(offset: 3, limit: 8),
        ]
        for error in errors {
            #expect(error.description.contains("byte 3"), "\(error)")
            #expect(error.offset == 3)
        }
    }
}
