import CardData
import Foundation
import Testing

@Suite("CardRead: the EMV tags an acquirer needs, in and out of the sealed TLV")
struct CardReadChipTagsTests {
    /// 2025-11-23 23:59:30 UTC: still the 23rd in UTC, already the 24th east of it.
    static let readAt = Date(timeIntervalSince1970: 1_763_942_370)

    static func fullRead() throws -> CardRead {
        var read = CardRead(readId: "read-1", readAt: readAt, pan: "4761739001010010", expiry: try CardExpiry(month: 12, year: 2030))
        read.cryptogram = Data([0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88])
        read.applicationTransactionCounter = Data([0x00, 0x2A])
        read.terminalVerificationResults = Data([0x00, 0x00, 0x00, 0x80, 0x00])
        read.issuerApplicationData = Data([0x06, 0x01, 0x0A, 0x03, 0xA0, 0x00, 0x00])
        read.cvmResults = Data([0x1F, 0x03, 0x02])
        read.amount = 12_345
        read.currencyCode = 840
        read.cryptogramInformationData = Data([0x80])
        read.unpredictableNumber = Data([0xDE, 0xAD, 0xBE, 0xEF])
        read.terminalCountryCode = 840
        read.transactionDate = CardRead.transactionDate(for: readAt)
        read.applicationInterchangeProfile = Data([0x19, 0x80])
        read.dedicatedFileName = Data([0xA0, 0x00, 0x00, 0x00, 0x03, 0x10, 0x10])
        read.panSequenceNumber = 1
        return read
    }

    @Test func theNewTagsRoundTripThroughTheSealedTLV() throws {
        let read = try Self.fullRead()
        let list = read.tlvList()
        #expect(list.value(.cryptogramInformationData) == Data([0x80]))
        #expect(list.value(.terminalCountryCode) == Data([0x08, 0x40]))
        #expect(list.value(.transactionDate) == Data([0x25, 0x11, 0x23]))
        #expect(list.value(.applicationPANSequenceNumber) == Data([0x01]))
        #expect(try CardRead(tlv: TLVList(decoding: list.encoded)) == read)
    }

    @Test func aReadWithoutThemStillOpens() throws {
        var read = try Self.fullRead()
        read.cryptogramInformationData = nil
        read.unpredictableNumber = nil
        read.terminalCountryCode = nil
        read.transactionDate = nil
        read.applicationInterchangeProfile = nil
        read.dedicatedFileName = nil
        read.panSequenceNumber = nil
        let opened = try CardRead(tlv: TLVList(decoding: read.tlvList().encoded))
        #expect(opened == read)
        #expect(opened.cryptogramInformationData == nil && opened.panSequenceNumber == nil && opened.transactionDate == nil)
    }

    static let malformed: [(tag: TLVTag, value: [UInt8], reason: String)] = [
        (.cryptogramInformationData, [], "is not 1 byte"),
        (.cryptogramInformationData, [0x80, 0x00], "is not 1 byte"),
        (.unpredictableNumber, [1, 2, 3], "is not 4 bytes"),
        (.unpredictableNumber, [1, 2, 3, 4, 5], "is not 4 bytes"),
        (.terminalCountryCode, [0x08], "is not n3 (2 BCD bytes)"),
        (.terminalCountryCode, [0x08, 0x4A], "is not n3 (2 BCD bytes)"),
        (.terminalCountryCode, [0x18, 0x40], "is not n3 (2 BCD bytes)"),
        (.transactionDate, [0x25, 0x11], "is not a YYMMDD date (3 BCD bytes)"),
        (.transactionDate, [0x25, 0x13, 0x01], "is not a YYMMDD date (3 BCD bytes)"),
        (.transactionDate, [0x25, 0x11, 0x00], "is not a YYMMDD date (3 BCD bytes)"),
        (.transactionDate, [0x25, 0x1A, 0x01], "is not a YYMMDD date (3 BCD bytes)"),
        (.applicationInterchangeProfile, [0x19], "is not 2 bytes"),
        (.applicationInterchangeProfile, [0x19, 0x80, 0x00], "is not 2 bytes"),
        (.dedicatedFileName, [0xA0, 0, 0, 0], "is not 5 to 16 bytes (an AID)"),
        (.dedicatedFileName, [UInt8](repeating: 0xA0, count: 17), "is not 5 to 16 bytes (an AID)"),
        (.applicationPANSequenceNumber, [0x01, 0x00], "is not n2 (1 BCD byte)"),
        (.applicationPANSequenceNumber, [0x0A], "is not n2 (1 BCD byte)"),
    ]

    @Test(arguments: malformed)
    func aMalformedTagIsRefusedWithItsReason(item: (tag: TLVTag, value: [UInt8], reason: String)) throws {
        var items = try Self.fullRead().tlvList().items.filter { $0.tag != item.tag }
        items.append(TLV(item.tag, Data(item.value)))
        #expect(throws: CardReadError.invalidTag(item.tag, item.reason)) {
            try CardRead(tlv: TLVList(decoding: TLVList(items).encoded))
        }
        let error = CardReadError.invalidTag(item.tag, item.reason)
        #expect(error.description.contains(item.tag.description) && error.description.contains(item.reason))
    }

    @Test func theTransactionDateIsTheUTCDay() {
        #expect(CardRead.transactionDate(for: Self.readAt) == Data([0x25, 0x11, 0x23]))
        #expect(CardRead.transactionDate(for: Self.readAt.addingTimeInterval(31)) == Data([0x25, 0x11, 0x24]))
        #expect(CardRead.transactionDate(for: Date(timeIntervalSince1970: 951_782_400)) == Data([0x00, 0x02, 0x29]))
    }

    @Test func aSimulatedTapFillsThemAll() throws {
        let visa = try Self.tap("4761739001010010", currencyCode: 840)
        #expect(visa.cryptogramInformationData == Data([0x80]))
        #expect(visa.unpredictableNumber?.count == 4)
        #expect(visa.terminalCountryCode == 840)
        #expect(visa.transactionDate == Data([0x25, 0x11, 0x23]))
        #expect(visa.applicationInterchangeProfile == Data([0x19, 0x80]))
        #expect(visa.dedicatedFileName == Data([0xA0, 0x00, 0x00, 0x00, 0x03, 0x10, 0x10]))
        #expect(visa.panSequenceNumber == 1)
        #expect(try CardRead(tlv: TLVList(decoding: visa.tlvList().encoded)) == visa)

        let mastercard = try Self.tap("5413330089600010", currencyCode: 826)
        #expect(mastercard.dedicatedFileName == Data([0xA0, 0x00, 0x00, 0x00, 0x04, 0x10, 0x10]))
        #expect(mastercard.terminalCountryCode == 826)
        // Two taps draw two unpredictable numbers (a 1 in 2^32 chance of a false failure).
        let again = try Self.tap("4761739001010010", currencyCode: 840)
        #expect(again.unpredictableNumber != visa.unpredictableNumber)
    }

    private static func tap(_ pan: String, currencyCode: Int) throws -> CardRead {
        try SimulatedTap(pan: pan, amount: 2500, currencyCode: currencyCode, readAt: readAt, readerId: "rdr_1").read
    }
}
