import Foundation
@testable import Gateway
import Testing

/// `Data.hexString` spells each byte itself (it runs on every keyed request's hash): it must
/// say what `String(format: "%02x")` says, for every byte and in order.
@Suite("Hex strings")
struct HexStringTests {
    @Test func everyByteIsTwoLowercaseDigits() {
        let all = Data((0...255).map { UInt8($0) })
        #expect(all.hexString == all.map { String(format: "%02x", $0) }.joined())
        #expect(Data().hexString == "")
        #expect(Data([0x00, 0x0f, 0xa0, 0xff]).hexString == "000fa0ff")
        #expect(Data(hexString: all.hexString) == all)
    }

    @Test func aSliceIsSpelledFromItsOwnBytes() {
        let bytes = Data([0xde, 0xad, 0xbe, 0xef, 0x01])
        #expect(bytes.dropFirst(2).hexString == "beef01")
    }
}
