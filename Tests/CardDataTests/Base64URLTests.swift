@testable import CardData
import Foundation
import Testing

@Suite struct Base64URLTests {
    /// Foundation's base64 with the URL alphabet and no padding: what Base64URL must equal.
    private func reference(_ bytes: Data) -> String {
        bytes.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test func agreesWithFoundationForEveryLengthUpTo100() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...100 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let encoded = Base64URL.encode(bytes)
            #expect(encoded == reference(bytes))
            #expect(Base64URL.decode(encoded) == bytes)
        }
    }

    @Test func usesTheURLAlphabet() {
        #expect(Base64URL.encode(Data([0xFB, 0xFF, 0xBF])) == "-_-_")
        #expect(Base64URL.decode("-_-_") == Data([0xFB, 0xFF, 0xBF]))
        #expect(Base64URL.encode(Data("Alice".utf8)) == "QWxpY2U")
        #expect(Base64URL.decode("") == Data())
    }

    @Test(arguments: ["QQ==", "QUI=", "+/+/", "QU JD", "QUJD\n", "Q", "QUJDR", "é"])
    func refusesPaddingOtherAlphabetsAndImpossibleLengths(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func refusesNonZeroLeftoverBits() {
        #expect(Base64URL.decode("QQ") == Data([0x41]))
        #expect(Base64URL.decode("QR") == nil)
        #expect(Base64URL.decode("QUI") == Data([0x41, 0x42]))
        #expect(Base64URL.decode("QUJ") == nil)
    }

    @Test func decodesSubstrings() {
        let compact = "QUJD.REVG"
        let parts = compact.split(separator: ".")
        #expect(parts.compactMap { Base64URL.decode($0) } == [Data("ABC".utf8), Data("DEF".utf8)])
    }
}
