import CardData
import Crypto
import Foundation
import Testing

@Suite struct PINTranslationTests {
    private static let pan = "4761739001010010"

    @Test(arguments: [(128, 16), (192, 24), (256, 16)])
    func format4BecomesTheSameFormat0Block(aesBits: Int, desBytes: Int) throws {
        let readerKey = SymmetricKey(size: SymmetricKeySize(bitCount: aesBits))
        let zonePINKey = try TripleDESKey(TripleDESTests.random(desBytes))
        for digits in ["1234", "987654", "123456789012"] {
            let pin = try PIN(digits)
            let format4 = try PINBlockFormat4.encipher(pin: pin, pan: Self.pan, key: readerKey)
            let format0 = try PINTranslation.format4ToFormat0(
                block: format4, pan: Self.pan, readerKey: readerKey, zonePINKey: zonePINKey)
            #expect(format0.count == 8)
            #expect(format0 == (try PINBlockFormat0.encipher(pin: pin, pan: Self.pan, key: zonePINKey)))
            #expect(try PINBlockFormat0.decipher(format0, pan: Self.pan, key: zonePINKey) == pin)
        }
    }

    @Test func aBlockFromASealedTapTranslates() throws {
        // The acquirer link's path: a reader seals a PIN payload; the gateway opens it and
        // re-enciphers its format 4 block under the zone PIN key for field 52.
        let privateKey = P256.KeyAgreement.PrivateKey()
        let zonePINKey = try TripleDESKey(TripleDESTests.random(16))
        let tap = try SimulatedTap(pan: Self.pan, amount: 2500, currencyCode: 840, readAt: Date(), readerId: "rdr_1")
        let sealed = try tap.sealed(to: SealingKey(keyId: "k1", publicKey: privateKey.publicKey), pin: PIN("4321"))
        let compact = String(decoding: try #require(Data(base64Encoded: sealed.paymentCardData)), as: UTF8.self)
        let opened = try CompactJWE.open(compact, keys: OpeningKeyRing(current: OpeningKey(keyId: "k1", privateKey: privateKey)))
        let read = try CardRead(tlv: TLVList(decoding: opened.plaintext))
        let block = try #require(read.pinBlock)
        let format0 = try PINTranslation.format4ToFormat0(
            block: block, pan: read.pan, readerKey: opened.pinKey, zonePINKey: zonePINKey)
        #expect(try PINBlockFormat0.decipher(format0, pan: read.pan, key: zonePINKey) == PIN("4321"))
    }

    @Test func refusesAFormat4BlockThatDoesNotOpen() throws {
        let readerKey = SymmetricKey(size: .bits128)
        let zonePINKey = try TripleDESKey(TripleDESTests.random(16))
        let format4 = try PINBlockFormat4.encipher(pin: PIN("1234"), pan: Self.pan, key: readerKey)
        let wrongKey = #expect(throws: PINBlockError.self) {
            try PINTranslation.format4ToFormat0(
                block: format4, pan: Self.pan, readerKey: SymmetricKey(size: .bits128), zonePINKey: zonePINKey)
        }
        #expect(wrongKey.map(Self.isMalformedFormat4Field) == true, "\(String(describing: wrongKey))")
        #expect(throws: PINBlockError.invalidBlockLength(8, expected: 16)) {
            try PINTranslation.format4ToFormat0(block: Data(count: 8), pan: Self.pan, readerKey: readerKey, zonePINKey: zonePINKey)
        }
        #expect(throws: PINBlockError.self) {
            try PINTranslation.format4ToFormat0(block: format4, pan: "4761739001010028", readerKey: readerKey, zonePINKey: zonePINKey)
        }
    }

    @Test func refusesAPANFormat0CannotTake() throws {
        // Format 4 takes an 11-digit PAN; format 0 (a card number, 12 to 19 digits) does not.
        let readerKey = SymmetricKey(size: .bits128)
        let format4 = try PINBlockFormat4.encipher(pin: PIN("1234"), pan: "12345678901", key: readerKey)
        let zonePINKey = try TripleDESKey(TripleDESTests.random(16))
        #expect(throws: PINBlockError.invalidPAN) {
            try PINTranslation.format4ToFormat0(block: format4, pan: "12345678901", readerKey: readerKey, zonePINKey: zonePINKey)
        }
    }

    private static func isMalformedFormat4Field(_ error: PINBlockError) -> Bool {
        switch error {
        case .notFormat4, .invalidPINLength, .invalidPINDigit, .invalidFill: return true
        default: return false
        }
    }
}
