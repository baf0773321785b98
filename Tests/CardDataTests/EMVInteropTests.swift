import CardData
import Crypto
import Foundation
import InteropSupport
import Testing

/// Live checks against independent implementations through scripts/interop/emv_peer.py:
/// what Swift encodes, pyemv decodes (and the other way round); what Swift enciphers,
/// psec deciphers (and the other way round). Skipped, not passed, without the modules.
@Suite struct EMVInteropTests {
    private struct Peer {
        struct Items: Codable { var items: [EMVFixtures.Item] }
        struct Hex: Codable { var hex: String }
        struct Decipher: Codable { var key: String, pan: String, block: String }
        struct Encipher: Codable { var key: String, pan: String, pin: String, fill: String? }
        struct PINAnswer: Codable { var pin: String }
        struct BlockAnswer: Codable { var block: String }

        static func call<Answer: Decodable>(_ command: String, _ request: some Encodable, as: Answer.Type) throws -> Answer {
            let output = try PythonPeer.runScript(
                path: "scripts/interop/emv_peer.py", arguments: [command], stdin: JSONEncoder().encode(request)
            )
            return try JSONDecoder().decode(Answer.self, from: output)
        }
    }

    /// Objects Swift builds, with lengths around every boundary the length encoding has.
    private static func swiftBuiltItems() throws -> [TLV] {
        var generator = SystemRandomNumberGenerator()
        func random(_ count: Int) -> Data {
            Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        }
        return [
            TLV(.taplineTemplate, children: [
                TLV(.readId, Data("rd_\(UUID().uuidString)".utf8)),
                TLV(.readTime, Data([0, 0, 1, 0x9B, 0x7A, 0x3C, 0x10, 0x7B])),
                TLV(.readerId, Data("rdr_7F3A".utf8)),
                TLV(.pinBlock, random(16)),
                TLV(.pinToken, Data()),
                TLV(.responseTemplateFormat2, children: [
                    TLV(.applicationCryptogram, random(8)),
                    TLV(.issuerApplicationData, random(127)),
                ]),
                TLV(.readRecordTemplate, children: [
                    TLV(.applicationPAN, try EMVFixtures.data("4761739001010010")),
                    TLV(TLVTag(0x90), random(128)),
                    TLV(TLVTag(0x9F46), random(255)),
                ]),
            ]),
            TLV(TLVTag(0x9F4B), random(256)),
            TLV(TLVTag(0xDF81_8101), random(65535)),
            TLV(TLVTag(0xDF81_8102), random(65536)),
            TLV(.amountAuthorised, EMVNumeric.encode(2500, digits: 12) ?? Data()),
            TLV(TLVTag(0xFF8105), children: [TLV(.transactionType, Data([0x00]))]),
        ]
    }

    @Test(.enabled(if: PythonPeer.isAvailable("pyemv"), "needs python3 with pyemv (pip install pyemv)"))
    func pyemvDecodesWhatSwiftEncodes() throws {
        let items = try Self.swiftBuiltItems()
        let answer = try Peer.call("tlv-decode", Peer.Hex(hex: EMVFixtures.hex(BERTLV.encode(items))), as: Peer.Items.self)
        #expect(answer.items == items.map(EMVFixtures.Item.init))
    }

    @Test(.enabled(if: PythonPeer.isAvailable("pyemv"), "needs python3 with pyemv (pip install pyemv)"))
    func swiftDecodesWhatPyemvEncodes() throws {
        let items = try Self.swiftBuiltItems()
        let answer = try Peer.call("tlv-encode", Peer.Items(items: items.map(EMVFixtures.Item.init)), as: Peer.Hex.self)
        let encoded = try EMVFixtures.data(answer.hex)
        #expect(try BERTLV.decode(encoded) == items)
        #expect(BERTLV.encode(items) == encoded)
    }

    @Test(.enabled(if: PythonPeer.isAvailable("psec"), "needs python3 with psec (pip install psec)"))
    func psecDeciphersWhatSwiftEnciphers() throws {
        for (bits, digits, pan) in [(128, "1234", "4761739001010010"), (192, "55555", "12345678901"), (256, "123456789012", "4761739001010010123")] {
            let key = SymmetricKey(size: SymmetricKeySize(bitCount: bits))
            let block = try PINBlockFormat4.encipher(pin: PIN(digits), pan: pan, key: key)
            let request = Peer.Decipher(key: Self.hex(key), pan: pan, block: EMVFixtures.hex(block))
            #expect(try Peer.call("pin-decipher", request, as: Peer.PINAnswer.self).pin == digits, "AES-\(bits)")
        }
    }

    @Test(.enabled(if: PythonPeer.isAvailable("psec"), "needs python3 with psec (pip install psec)"))
    func swiftDeciphersWhatPsecEnciphers() throws {
        for (bits, digits, pan) in [(128, "0000", "5413330089601"), (256, "98765432", "123456789012")] {
            let key = SymmetricKey(size: SymmetricKeySize(bitCount: bits))
            // No fill given: psec draws its own random fill.
            let request = Peer.Encipher(key: Self.hex(key), pan: pan, pin: digits, fill: nil)
            let block = try Peer.call("pin-encipher", request, as: Peer.BlockAnswer.self).block
            #expect(try PINBlockFormat4.decipher(EMVFixtures.data(block), pan: pan, key: key) == PIN(digits), "AES-\(bits)")
        }
    }

    @Test(.enabled(if: PythonPeer.isAvailable("psec"), "needs python3 with psec (pip install psec)"))
    func sameFillGivesTheSameBlockAsPsec() throws {
        let key = SymmetricKey(size: .bits128)
        let fill: [UInt8] = [0xF0, 0x0D, 0xCA, 0xFE, 0x12, 0x34, 0x56, 0x78]
        let block = try PINBlockFormat4.encipher(pin: PIN("2468"), pan: "4761739001010010", key: key, fill: fill)
        let request = Peer.Encipher(key: Self.hex(key), pan: "4761739001010010", pin: "2468", fill: EMVFixtures.hex(fill))
        #expect(try Peer.call("pin-encipher", request, as: Peer.BlockAnswer.self).block == EMVFixtures.hex(block))
    }

    private static func hex(_ key: SymmetricKey) -> String {
        key.withUnsafeBytes { EMVFixtures.hex($0) }
    }
}
