@testable import CardData
@preconcurrency import Crypto
import Foundation
import Testing

@Suite struct CompactJWERotationTests {
    private let plaintext = Data("sealed just before a rotation".utf8)

    @Test func payloadSealedToThePreviousKeyOpensAfterRotation() throws {
        let old = OpeningKey.generate(keyId: "gw-1")
        let compact = try CompactJWE.seal(plaintext, to: old.sealingKey)
        let ring = OpeningKeyRing(current: old).rotated(to: OpeningKey.generate(keyId: "gw-2"))
        let opened = try CompactJWE.open(compact, keys: ring)
        #expect(opened.plaintext == plaintext)
        #expect(opened.keyId == "gw-1")
    }

    @Test func payloadSealedToTheNewKeyOpensAfterRotation() throws {
        let new = OpeningKey.generate(keyId: "gw-2")
        let ring = OpeningKeyRing(current: OpeningKey.generate(keyId: "gw-1")).rotated(to: new)
        #expect(try CompactJWE.open(try CompactJWE.seal(plaintext, to: new.sealingKey), keys: ring).keyId == "gw-2")
    }

    @Test func keyNoLongerInTheRingIsUnknown() throws {
        let first = OpeningKey.generate(keyId: "gw-1")
        let compact = try CompactJWE.seal(plaintext, to: first.sealingKey)
        let ring = OpeningKeyRing(current: first)
            .rotated(to: OpeningKey.generate(keyId: "gw-2"))
            .rotated(to: OpeningKey.generate(keyId: "gw-3"))
        #expect(throws: SealedDataError.unknownKey("gw-1")) { try CompactJWE.open(compact, keys: ring) }
    }

    @Test func anotherKeyUnderTheSameIdFailsAuthentication() throws {
        let compact = try CompactJWE.seal(plaintext, to: OpeningKey.generate(keyId: "gw-1").sealingKey)
        let impostor = OpeningKeyRing(current: OpeningKey.generate(keyId: "gw-1"))
        #expect(throws: SealedDataError.authenticationFailed) { try CompactJWE.open(compact, keys: impostor) }
    }
}
