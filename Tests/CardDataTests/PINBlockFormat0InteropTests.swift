import CardData
import Crypto
import Foundation
import InteropSupport
import Testing

/// ISO 9564 format 0 PIN blocks checked against psec through scripts/interop/pin_peer.py:
/// psec deciphers what Swift enciphers (and the translation from format 4), Swift
/// deciphers what psec enciphers, and both give the same bytes, since format 0 has no
/// random fill. Skipped, not passed, without psec.
@Suite(.enabled(if: PythonPeer.isAvailable("psec"), "needs python3 with psec (pip install psec)"))
struct PINBlockFormat0InteropTests {
    struct EncipherCase: Codable { var key: String, pin: String, pan: String }
    struct DecipherCase: Codable { var key: String, block: String, pan: String }
    struct Cases<Case: Codable>: Codable { var cases: [Case] }

    /// Random keys (both lengths), PINs of every length and PANs of 13 to 19 digits (psec
    /// refuses 12, which ISO 9564 and Swift allow: see PINBlockFormat0Tests).
    private static func randomCases(_ count: Int) -> [EncipherCase] {
        (0..<count).map { index in
            EncipherCase(
                key: EMVFixtures.hex(TripleDESTests.random(index.isMultiple(of: 2) ? 16 : 24)),
                pin: randomDigits(4 + index % 9),
                pan: randomDigits(13 + index % 7))
        }
    }

    private static func randomDigits(_ count: Int) -> String {
        String((0..<count).map { _ in Character(String(Int.random(in: 0...9))) })
    }

    @Test func psecDeciphersWhatSwiftEnciphers() throws {
        let cases = Self.randomCases(90)
        var blocks: [DecipherCase] = []
        for item in cases {
            let block = try PINBlockFormat0.encipher(pin: PIN(item.pin), pan: item.pan, key: TripleDESKey(EMVFixtures.data(item.key)))
            blocks.append(DecipherCase(key: item.key, block: EMVFixtures.hex(block), pan: item.pan))
        }
        let pins = try TripleDESInteropTests.call("pin0-decipher", Cases(cases: blocks))
        #expect(pins == cases.map(\.pin))
    }

    @Test func swiftDeciphersWhatPsecEnciphersAndAgreesByteForByte() throws {
        let cases = Self.randomCases(90)
        let blocks = try TripleDESInteropTests.call("pin0-encipher", Cases(cases: cases))
        #expect(blocks.count == cases.count)
        for (item, block) in zip(cases, blocks) {
            let key = try TripleDESKey(EMVFixtures.data(item.key))
            #expect(try PINBlockFormat0.decipher(EMVFixtures.data(block), pan: item.pan, key: key) == PIN(item.pin))
            #expect(EMVFixtures.hex(try PINBlockFormat0.encipher(pin: PIN(item.pin), pan: item.pan, key: key)) == block)
        }
    }

    @Test func psecDeciphersATranslatedFormat4Block() throws {
        let cases = Self.randomCases(27)
        var blocks: [DecipherCase] = []
        for item in cases {
            let readerKey = SymmetricKey(size: .bits128)
            let format4 = try PINBlockFormat4.encipher(pin: PIN(item.pin), pan: item.pan, key: readerKey)
            let format0 = try PINTranslation.format4ToFormat0(
                block: format4, pan: item.pan, readerKey: readerKey, zonePINKey: TripleDESKey(EMVFixtures.data(item.key)))
            blocks.append(DecipherCase(key: item.key, block: EMVFixtures.hex(format0), pan: item.pan))
        }
        let pins = try TripleDESInteropTests.call("pin0-decipher", Cases(cases: blocks))
        #expect(pins == cases.map(\.pin))
    }
}
