import CardData
import Foundation
import Testing

@Suite struct TLVListTests {
    private static let pan = "4761739001010010"
    private static let track2 = "4761739001010010D22122011143804400000F"

    private static func bytes(_ hex: String) throws -> Data {
        try EMVFixtures.data(hex)
    }

    /// A reader payload as Tapline builds it: sensitive and ordinary tags, nested.
    private static func readerPayload() throws -> TLVList {
        TLVList([
            TLV(.taplineTemplate, children: [
                TLV(.readId, Data("rd_01JH6Q4ZK3".utf8)),
                TLV(.maskedPAN, Data("476173******0010".utf8)),
                TLV(.pinBlock, Data(repeating: 0x9A, count: 16)),
                TLV(.responseTemplateFormat2, children: [
                    TLV(.track2EquivalentData, try bytes(track2)),
                    TLV(.applicationCryptogram, try bytes("16EB9B02F3ADCEBE")),
                ]),
                TLV(.readRecordTemplate, children: [
                    TLV(.applicationPAN, try bytes(pan)),
                    TLV(.cardholderName, Data("CARDHOLDER/TEST".utf8)),
                    TLV(.applicationExpirationDate, try bytes("301231")),
                ]),
            ]),
            TLV(.applicationCryptogram, try bytes("0000000000000000")),
            TLV(.applicationLabel, Data([0x56, 0x49, 0x53, 0xC1])),
        ])
    }

    @Test func findsDepthFirstInOrder() throws {
        let list = try Self.readerPayload()
        // The cryptogram inside E1/77 comes before the top-level one.
        #expect(list.value(.applicationCryptogram) == (try Self.bytes("16EB9B02F3ADCEBE")))
        #expect(list.value(.applicationPAN) == (try Self.bytes(Self.pan)))
        #expect(list.first(.readRecordTemplate)?.children.count == 3)
        #expect(list.first(.taplineTemplate)?.tag == .taplineTemplate)
        #expect(list.value(.readRecordTemplate) == nil)
        #expect(list.first(.amountAuthorised) == nil)
        #expect(list.value(.amountAuthorised) == nil)
    }

    @Test func readsASCIIStrings() throws {
        let list = try Self.readerPayload()
        #expect(list.string(.readId) == "rd_01JH6Q4ZK3")
        #expect(list.string(.maskedPAN) == "476173******0010")
        #expect(list.string(.applicationLabel) == nil)
        #expect(list.string(.amountAuthorised) == nil)
    }

    @Test func encodesDecodesAndIterates() throws {
        let list = try Self.readerPayload()
        let decoded = try TLVList(decoding: list.encoded)
        #expect(decoded == list)
        #expect(decoded.encoded == BERTLV.encode(list.items))
        #expect(list.map(\.tag) == [.taplineTemplate, .applicationCryptogram, .applicationLabel])
        #expect(throws: TLVError.truncatedLength(offset: 1)) { try TLVList(decoding: Data([0x5A])) }
    }

    @Test func descriptionNamesTagsAndRedactsCardholderData() throws {
        let list = try Self.readerPayload()
        var dumped = ""
        dump(list, to: &dumped)
        let texts = [
            list.description, list.debugDescription, "\(list)", String(reflecting: list), dumped,
            list.items[0].description, list.items[0].debugDescription, "\(list.items)",
        ]
        for text in texts {
            #expect(!text.contains(Self.pan), "\(text)")
            #expect(!text.contains("739001010010"), "\(text)")
            #expect(!text.contains("CARDHOLDER"), "\(text)")
            #expect(!text.contains("43415244"), "\(text)") // "CARD" in hex
            #expect(!text.contains("9A9A9A9A"), "\(text)")
            #expect(!text.contains("D2212201"), "\(text)")
        }
        let description = list.description
        #expect(description.contains("5A Application Primary Account Number (PAN): <redacted 8 bytes>"))
        #expect(description.contains("57 Track 2 Equivalent Data: <redacted 19 bytes>"))
        #expect(description.contains("5F20 Cardholder Name: <redacted 15 bytes>"))
        #expect(description.contains("DF8104 Tapline PIN block (ISO 9564 format 4): <redacted 16 bytes>"))
        #expect(description.contains("E1 Tapline template\n"))
        #expect(description.contains("    9F26 Application Cryptogram: 16EB9B02F3ADCEBE"))
        #expect(description.contains("  DF8106 Tapline masked PAN: 3437363137332A2A2A2A2A2A30303130"))
        #expect(description.contains("5F24 Application Expiration Date: 301231"))
    }

    @Test func unknownAndSensitiveTemplates() {
        let unknown = TLV(TLVTag(0x9F7C), Data([0x01, 0x02]))
        #expect(unknown.description == "9F7C: 0102")
        // A PAN tag misused as a template still hides what is inside it.
        let odd = TLV(.applicationPAN, children: [TLV(TLVTag(0x01), Data([0x47, 0x61]))])
        #expect(odd.description == "5A Application Primary Account Number (PAN): <redacted 1 objects>")
        #expect(TLVList([odd]).description == odd.description)
    }
}
