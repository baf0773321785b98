import ProcessingISO8583
import Testing

/// Field 125 of a key exchange: what reads as a key block and what does not.
struct ISO8583KeyBlockTests {
    private static let key = String(repeating: "AB", count: 16)

    @Test func readsTheKindTheKeyAndItsCheckValue() throws {
        let block = try #require(ISO8583KeyBlock("TAK" + Self.key + "d2b91c"))
        #expect(block.kind == .terminalAuthentication)
        #expect(block.enciphered == [UInt8](repeating: 0xAB, count: 16))
        #expect(block.checkValue == "D2B91C")
        #expect(ISO8583KeyBlock("ZPK" + Self.key + Self.key.prefix(16) + "000000")?.kind == .zonePIN)
    }

    @Test(arguments: ["", "TAK", "MAC" + key + "000000", "TAK" + key + "00000", "TAK" + key + "00000G",
                      "TAK" + key.dropLast(2) + "GG" + "000000", "TAK" + key + "00" + "000000", "ZMK" + key + "000000"])
    func refusesAnythingElse(text: String) {
        #expect(ISO8583KeyBlock(text) == nil)
    }
}
