@testable import CardData
@preconcurrency import Crypto
import Foundation
import Testing

/// The committed vectors from scripts/interop/jwe_vectors.py: JWEs joserfc sealed, and one
/// laid out the way Tapline seals it, computed without Tapline.
@Suite struct CompactJWEVectorTests {
    @Test func everyJoserfcJWEOpensToItsPlaintext() throws {
        let vectors = try JWEVectors.load()
        let ring = OpeningKeyRing(current: try vectors.recipientKey())
        #expect(vectors.joserfc.count >= 4)
        for vector in vectors.joserfc {
            let opened = try CompactJWE.open(vector.compact, keys: ring)
            #expect(opened.plaintext == TestJWK.bytes(hex: vector.plaintextHex), "\(vector.name)")
            #expect(opened.keyId == "tapline-vectors-1", "\(vector.name)")
        }
    }

    @Test func joserfcJWEWithPartyInfoUsesIt() throws {
        let vectors = try JWEVectors.load()
        let vector = try #require(vectors.joserfc.first { $0.name == "apu and apv" })
        let opened = try CompactJWE.open(vector.compact, keys: OpeningKeyRing(current: try vectors.recipientKey()))
        #expect(opened.header.partyUInfo == Data("Alice".utf8))
        #expect(opened.header.partyVInfo == Data("Bob".utf8))
        // Dropping apu from the header changes the derived key (and the AAD): refused.
        let stripped = JWETamper.editingHeader(vector.compact) { $0["apu"] = nil }
        #expect(throws: SealedDataError.authenticationFailed) {
            try CompactJWE.open(stripped, keys: OpeningKeyRing(current: try vectors.recipientKey()))
        }
    }

    @Test func joserfcTypHeaderComesBackAsExtra() throws {
        let vectors = try JWEVectors.load()
        let vector = try #require(vectors.joserfc.first { $0.name == "typ header" })
        let opened = try CompactJWE.open(vector.compact, keys: OpeningKeyRing(current: try vectors.recipientKey()))
        #expect(opened.header.extra == ["typ": "tapline-card"])
    }

    @Test func taplineSealsTheIndependentlyComputedVectorByteForByte() throws {
        let vectors = try JWEVectors.load()
        let recipient = try vectors.recipientKey()
        let vector = vectors.tapline
        let ephemeral = try TestJWK.privateKey(d: try #require(vector.ephemeral.d))
        let compact = try CompactJWE.seal(
            TestJWK.bytes(hex: vector.plaintextHex), to: recipient.sealingKey, extraHeader: vector.extraHeader,
            ephemeralKey: ephemeral, iv: TestJWK.bytes(hex: vector.ivHex)
        )
        #expect(compact == vector.compact)
        let session = CompactJWE.begin(to: recipient.sealingKey, ephemeralKey: ephemeral)
        #expect(session.pinKey.withUnsafeBytes { TestJWK.hex(Data($0)) } == vector.pinKeyHex)
    }

    @Test func taplineVectorOpensWithItsPinKey() throws {
        let vectors = try JWEVectors.load()
        let opened = try CompactJWE.open(vectors.tapline.compact, keys: OpeningKeyRing(current: try vectors.recipientKey()))
        #expect(opened.plaintext == TestJWK.bytes(hex: vectors.tapline.plaintextHex))
        #expect(opened.pinKey.withUnsafeBytes { TestJWK.hex(Data($0)) } == vectors.tapline.pinKeyHex)
    }
}
