import CardData
import Crypto
import Foundation
import Testing

/// Checks against vectors produced by independent implementations and committed in
/// Fixtures/emv_vectors.json (see scripts/interop/emv_vectors.py): pyemv for TLV, psec
/// for ISO 9564 format 4 PIN blocks. No Python is needed to run these.
@Suite struct EMVVectorTests {
    private static let fixtures = Result { try EMVFixtures.load() }

    @Test func fixturesAreThere() throws {
        let fixtures = try Self.fixtures.get()
        #expect(fixtures.tlv.count >= 8)
        #expect(fixtures.pinblockISO4.count >= 6)
        #expect(fixtures.pinblockISO4Malformed.count >= 7)
    }

    @Test func decodesWhatPyemvEncoded() throws {
        for vector in try Self.fixtures.get().tlv {
            let decoded = try BERTLV.decode(EMVFixtures.data(vector.hex))
            #expect(decoded.map(EMVFixtures.Item.init) == vector.items, "\(vector.name)")
        }
    }

    @Test func encodesWhatPyemvEncoded() throws {
        for vector in try Self.fixtures.get().tlv {
            let items = try vector.items.map { try $0.tlv() }
            #expect(EMVFixtures.hex(BERTLV.encode(items)) == vector.hex, "\(vector.name)")
            #expect(EMVFixtures.hex(TLVList(items).encoded) == vector.hex, "\(vector.name)")
        }
    }

    @Test func vectorsCoverTheInterestingShapes() throws {
        let hex = try Self.fixtures.get().tlv.map(\.hex).joined(separator: " ")
        for needle in ["7081", "7082", "9081", "9F4B82", "E181", "DF8101", "DF818101", "BF0C", "FF8105"] {
            #expect(hex.contains(needle), "\(needle)")
        }
    }

    @Test func deciphersWhatPsecEnciphered() throws {
        for vector in try Self.fixtures.get().pinblockISO4 {
            let key = SymmetricKey(data: try EMVFixtures.data(vector.key))
            let pin = try PINBlockFormat4.decipher(EMVFixtures.data(vector.block), pan: vector.pan, key: key)
            #expect(pin == (try PIN(vector.pin)), "\(vector.name)")
        }
    }

    @Test func enciphersWhatPsecEnciphered() throws {
        var checked = 0
        for vector in try Self.fixtures.get().pinblockISO4 {
            guard let fill = vector.fill else { continue }
            let key = SymmetricKey(data: try EMVFixtures.data(vector.key))
            let block = try PINBlockFormat4.encipher(
                pin: PIN(vector.pin), pan: vector.pan, key: key, fill: Array(EMVFixtures.data(fill))
            )
            #expect(EMVFixtures.hex(block) == vector.block, "\(vector.name)")
            checked += 1
        }
        #expect(checked >= 5)
    }

    @Test func refusesMalformedFieldsAsPsecDoes() throws {
        for vector in try Self.fixtures.get().pinblockISO4Malformed {
            let key = SymmetricKey(data: try EMVFixtures.data(vector.key))
            let error = #expect(throws: PINBlockError.self, "\(vector.name)") {
                try PINBlockFormat4.decipher(EMVFixtures.data(vector.block), pan: vector.pan, key: key)
            }
            #expect(Self.expectedError(vector.error) != nil, "unknown error name \(vector.error)")
            #expect(error == Self.expectedError(vector.error), "\(vector.name)")
        }
    }

    /// The Swift error the fixture names.
    private static func expectedError(_ name: String) -> PINBlockError? {
        switch name {
        case "invalidPINLength": return .invalidPINLength
        case "invalidPINDigit": return .invalidPINDigit
        case "invalidFill": return .invalidFill
        default:
            guard name.hasPrefix("notFormat4("), name.hasSuffix(")"),
                  let nibble = UInt8(name.dropFirst("notFormat4(".count).dropLast()) else { return nil }
            return .notFormat4(controlNibble: nibble)
        }
    }
}
