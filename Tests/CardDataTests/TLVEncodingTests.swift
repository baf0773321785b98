import CardData
import Foundation
import Testing

@Suite struct TLVEncodingTests {
    private static func bytes(_ hex: String) throws -> Data {
        try EMVFixtures.data(hex.replacingOccurrences(of: " ", with: ""))
    }

    @Test func encodesTagsAndShortLengths() throws {
        let items = [
            TLV(.transactionType, Data([0x00])),
            TLV(.amountAuthorised, try Self.bytes("000000001234")),
            TLV(.readId, Data("ABC".utf8)),
            TLV(TLVTag(0xDF81_8101), Data()),
        ]
        #expect(BERTLV.encode(items) == (try Self.bytes("9C0100 9F0206000000001234 DF8101 03 414243 DF818101 00")))
        #expect(BERTLV.encode([]) == Data())
    }

    @Test func usesTheShortestLength() {
        let cases: [(Int, [UInt8])] = [
            (0, [0x00]), (1, [0x01]), (127, [0x7F]),
            (128, [0x81, 0x80]), (255, [0x81, 0xFF]),
            (256, [0x82, 0x01, 0x00]), (65535, [0x82, 0xFF, 0xFF]),
            (65536, [0x83, 0x01, 0x00, 0x00]), (16_777_215, [0x83, 0xFF, 0xFF, 0xFF]),
            (16_777_216, [0x84, 0x01, 0x00, 0x00, 0x00]),
        ]
        for (count, lengthBytes) in cases {
            let encoded = BERTLV.encode([TLV(TLVTag(0xDF8105), Data(count: count))])
            #expect(encoded.count == 3 + lengthBytes.count + count, "\(count)")
            #expect(Array(encoded.prefix(3 + lengthBytes.count)) == [0xDF, 0x81, 0x05] + lengthBytes, "\(count)")
        }
    }

    @Test func encodesNestedTemplates() throws {
        let record = TLV(.readRecordTemplate, children: [
            TLV(.taplineTemplate, children: [
                TLV(.responseTemplateFormat2, children: [TLV(.applicationTransactionCounter, Data([0x00, 0x42]))]),
            ]),
            TLV(.applicationExpirationDate, Data([0x30, 0x12, 0x31])),
        ])
        #expect(BERTLV.encode([record]) == (try Self.bytes("70 0F E1 07 77 05 9F36 02 0042 5F24 03 301231")))
    }

    @Test func templateLengthsUseLongFormToo() throws {
        let certificate = Data(repeating: 0x5C, count: 176)
        let record = TLV(.readRecordTemplate, children: [TLV(TLVTag(0x90), certificate), TLV(TLVTag(0x9F32), Data([0x03]))])
        let encoded = BERTLV.encode([record])
        // 3 + 176 for the certificate, 4 for the exponent: 183 = 0xB7.
        #expect(Array(encoded.prefix(6)) == [0x70, 0x81, 0xB7, 0x90, 0x81, 0xB0])
        #expect(try BERTLV.decode(encoded) == [record])
    }

    @Test func roundTrips() throws {
        let items = [
            TLV(.taplineTemplate, children: [
                TLV(.readId, Data("rd_1".utf8)),
                TLV(.readTime, Data([0, 0, 1, 0x9B, 0x7A, 0x3C, 0x10, 0x00])),
                TLV(.pinBlock, Data(repeating: 0x42, count: 16)),
                TLV(.readRecordTemplate, children: [
                    TLV(.applicationPAN, try Self.bytes("4761739001010010")),
                    TLV(TLVTag(0x9F4B), Data(repeating: 0x01, count: 300)),
                ]),
                TLV(.fciTemplate, children: []),
            ]),
            TLV(.amountAuthorised, try Self.bytes("000000002500")),
            TLV(TLVTag(0xFF8105), children: [TLV(.transactionType, Data([0x20]))]),
        ]
        let encoded = BERTLV.encode(items)
        #expect(try BERTLV.decode(encoded) == items)
        #expect(BERTLV.encode(try BERTLV.decode(encoded)) == encoded)
    }

    @Test func reencodingNormalisesLengthsAndDropsPadding() throws {
        let loose = try Self.bytes("00 5A 81 02 1234 00 70 82 0003 9C 01 00 FF FF")
        #expect(BERTLV.encode(try BERTLV.decode(loose)) == (try Self.bytes("5A 02 1234 70 03 9C 01 00")))
    }
}
