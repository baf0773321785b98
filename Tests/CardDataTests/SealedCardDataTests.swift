@testable import CardData
import Foundation
import Testing

@Suite("Sealed card data: a reader's result, sealed and opened")
struct SealedCardDataTests {
    let gatewayKey = OpeningKey.generate(keyId: "tck_test")
    let readAt = Date(timeIntervalSince1970: 1_795_000_000.123)

    func read(_ pan: String = "4242424242424242", kind: CardRead.Kind = .purchase) throws -> CardRead {
        var read = CardRead(readId: "read-1", readAt: readAt, pan: pan, expiry: try CardExpiry(month: 12, year: 2030), kind: kind)
        read.readerId = "reader-7"
        read.track2 = Data([0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0xD3, 0x01, 0x22])
        read.cryptogram = Data([0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88])
        read.applicationTransactionCounter = Data([0x00, 0x2A])
        read.terminalVerificationResults = Data([0x00, 0x00, 0x00, 0x80, 0x00])
        read.issuerApplicationData = Data([0x06, 0x01, 0x0A, 0x03, 0xA0, 0x00, 0x00])
        read.cvmResults = Data([0x1F, 0x03, 0x02])
        read.amount = 12_345
        read.currencyCode = 978
        return read
    }

    @Test func aReadRoundTripsThroughTLV() throws {
        let original = try read()
        let decoded = try CardRead(tlv: TLVList(decoding: original.tlvList().encoded))
        #expect(decoded == original)
    }

    @Test func aSealedReadOpensToTheSameReadWithoutAPIN() throws {
        let original = try read()
        let general = GeneralCardData(read: original, applicationId: "A0000000031010", applicationLabel: "VISA CREDIT", funding: "credit")
        let sealed = try SealedCardData.seal(original, general: general, to: gatewayKey.sealingKey)
        let opened = try SealedCardData.open(paymentCardData: sealed.paymentCardData, keys: OpeningKeyRing(current: gatewayKey))
        #expect(opened.read == original)
        #expect(opened.pin == nil)
        #expect(opened.keyId == "tck_test")
        let shown = try SealedCardData.general(sealed.generalCardData)
        #expect(shown == GeneralCardData(applicationId: "A0000000031010", applicationLabel: "VISA CREDIT",
                                         maskedPAN: "424242******4242", brand: "visa", funding: "credit"))
    }

    @Test func thePINTravelsAsAFormat4BlockAndOpensToTheSamePIN() throws {
        var original = try read("5200828282828210")
        original.pinToken = "pin-token-1"
        let general = GeneralCardData(read: original, applicationId: nil, applicationLabel: nil, funding: nil)
        let sealed = try SealedCardData.seal(original, general: general, pin: try PIN("1234"), to: gatewayKey.sealingKey)
        let opened = try SealedCardData.open(paymentCardData: sealed.paymentCardData, keys: OpeningKeyRing(current: gatewayKey))
        #expect(opened.pin == (try PIN("1234")))
        #expect(opened.read.pinToken == "pin-token-1")
        #expect(opened.read.pinBlock?.count == 16)
        // The plaintext holds the block, never the PIN digits in the clear.
        let block = try #require(opened.read.pinBlock)
        #expect(!Hex.string(block).contains("41234"))
    }

    @Test func theGeneralDataNeverCarriesAFullPAN() throws {
        let leaky = TLVList([TLV(.applicationPAN, CardRead.packPAN("4242424242424242"))]).encoded.base64EncodedString()
        #expect(throws: CardReadError.invalidTag(.applicationPAN, "must not be in generalCardData, which is not encrypted")) {
            try SealedCardData.general(leaky)
        }
    }

    @Test func refusalsSayWhatIsWrong() throws {
        let keys = OpeningKeyRing(current: gatewayKey)
        #expect(throws: CardReadError.notBase64(field: "paymentCardData")) { try SealedCardData.open(paymentCardData: "not base64!", keys: keys) }
        let notJWE = Data("hello".utf8).base64EncodedString()
        #expect(throws: CardReadError.sealed(.notCompactJWE)) { try SealedCardData.open(paymentCardData: notJWE, keys: keys) }
        // Valid JWE, garbage inside.
        let garbage = try CompactJWE.seal(Data([0x5A, 0x20, 0x01]), to: gatewayKey.sealingKey)
        #expect(throws: CardReadError.tlv(field: "paymentCardData", .valuePastEnd(offset: 1, declared: 32, available: 1))) {
            try SealedCardData.open(paymentCardData: Data(garbage.utf8).base64EncodedString(), keys: keys)
        }
        // Valid TLV without a read id.
        var list = try read().tlvList().items
        list.removeAll { $0.tag == .readId }
        let missing = try CompactJWE.seal(TLVList(list).encoded, to: gatewayKey.sealingKey)
        #expect(throws: CardReadError.missingTag(.readId)) {
            try SealedCardData.open(paymentCardData: Data(missing.utf8).base64EncodedString(), keys: keys)
        }
    }

    @Test func printingAReadNeverShowsThePANOrTrack2() throws {
        let read = try read()
        var dumped = ""
        dump(read, to: &dumped)
        for text in ["\(read)", String(reflecting: read), dumped, "\(read.tlvList())"] {
            #expect(!text.contains("4242424242424242"), "leaks the PAN: \(text)")
            #expect(!text.contains("42424242D30122"), "leaks track 2: \(text)")
        }
    }
}
