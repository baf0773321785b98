import CardData
import Foundation
import InteropSupport
import Testing

/// pyemv (an independent BER-TLV reader) decodes a tap's field 55 bytes to the same tags
/// and values, in the same order, through scripts/interop/emv_peer.py. Skipped, not
/// passed, without pyemv.
@Suite(.enabled(if: PythonPeer.isAvailable("pyemv"), "needs python3 with pyemv (pip install pyemv)"))
struct ChipDataInteropTests {
    struct Hex: Codable { var hex: String }
    struct Items: Codable { var items: [EMVFixtures.Item] }

    private static func pyemvDecode(_ bytes: Data) throws -> [EMVFixtures.Item] {
        let output = try PythonPeer.runScript(
            path: "scripts/interop/emv_peer.py", arguments: ["tlv-decode"],
            stdin: JSONEncoder().encode(Hex(hex: EMVFixtures.hex(bytes)))
        )
        return try JSONDecoder().decode(Items.self, from: output).items
    }

    @Test func pyemvReadsAFullReadsChipData() throws {
        let chip = try CardReadChipTagsTests.fullRead().chipData()
        let decoded = try Self.pyemvDecode(chip.encoded)
        #expect(decoded == chip.items.map(EMVFixtures.Item.init))
        #expect(decoded.map(\.tag) == ChipDataTests.field55Order)
    }

    @Test(arguments: ["4761739001010010", "5413330089600010", "374245455400126", "4761739001010010121"])
    func pyemvReadsASimulatedTapsChipData(pan: String) throws {
        var read = try SimulatedTap(pan: pan, amount: 987_654_321, currencyCode: 826, readAt: Date(), readerId: "rdr_1").read
        // A long issuer application data (up to 32 bytes in EMV) and a refund, for variety.
        read.issuerApplicationData = TripleDESTests.random(32)
        read.kind = .refund
        let chip = read.chipData()
        let decoded = try Self.pyemvDecode(chip.encoded)
        #expect(decoded == chip.items.map(EMVFixtures.Item.init))
        #expect(decoded.map(\.tag) == ChipDataTests.field55Order)
        #expect(!decoded.contains { ["5A", "57", "5F24"].contains($0.tag) || $0.tag.hasPrefix("DF81") })
    }
}
