import CardData
import Crypto
import Foundation
import Testing

@Suite struct PANHasherTests {
    private let key = SymmetricKey(data: Data(repeating: 7, count: 32))

    @Test func isStableAndHexEncoded() {
        let first = PANHasher(key: key).hash("4242424242424242")
        let second = PANHasher(key: key).hash("4242424242424242")
        #expect(first == second)
        #expect(first.count == 64)
        #expect(first.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test func matchesHMACSHA256() {
        // Computed independently: printf 4242424242424242 | openssl dgst -sha256 -hmac key
        let expected = "2a18ebc3182f50199fdb377383960319d090f4c76c4b6d0ba3189f8e3a3c096b"
        #expect(PANHasher(key: Data("key".utf8)).hash("4242424242424242") == expected)
    }

    @Test func dependsOnTheKey() {
        let other = SymmetricKey(data: Data(repeating: 8, count: 32))
        #expect(PANHasher(key: key).hash("4242424242424242") != PANHasher(key: other).hash("4242424242424242"))
    }

    @Test func dependsOnThePAN() {
        let hasher = PANHasher(key: key)
        #expect(hasher.hash("4242424242424242") != hasher.hash("5555555555554444"))
    }

    @Test func ignoresSpacesAndDashes() {
        let hasher = PANHasher(key: key)
        #expect(hasher.hash("4242 4242-4242 4242") == hasher.hash("4242424242424242"))
    }

    @Test func keyInitialisersAgree() {
        let bytes = Data(repeating: 7, count: 32)
        #expect(PANHasher(key: bytes).hash("4242424242424242") == PANHasher(key: key).hash("4242424242424242"))
    }

    @Test func neverContainsThePAN() {
        #expect(!PANHasher(key: key).hash("4242424242424242").contains("4242424242424242"))
    }
}
