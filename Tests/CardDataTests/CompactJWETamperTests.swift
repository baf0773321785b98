@testable import CardData
@preconcurrency import Crypto
import Foundation
import Testing

/// What `open` refuses once the header is acceptable: wrong lengths, and anything AES-GCM
/// authentication catches.
@Suite struct CompactJWETamperTests {
    private let key = OpeningKey.generate(keyId: "gw-1")
    private var ring: OpeningKeyRing { OpeningKeyRing(current: key) }
    private let plaintext = Data("4761739001010010 must never appear in an error".utf8)
    private var sealed: String { try! CompactJWE.seal(plaintext, to: key.sealingKey, extraHeader: ["typ": "tapline-card"]) }

    private func open(_ compact: String) throws(SealedDataError) -> OpenedJWE {
        try CompactJWE.open(compact, keys: ring)
    }

    @Test func sealedOpens() throws {
        #expect(try open(sealed).plaintext == plaintext)
    }

    @Test func wrongIVOrTagLengthOrEmptyCiphertextIsTruncated() {
        let compact = sealed
        let cases = [
            JWETamper.resizing(segment: 2, in: compact) { $0.prefix(8) },
            JWETamper.resizing(segment: 2, in: compact) { $0 + $0 },
            JWETamper.resizing(segment: 2, in: compact) { _ in Data() },
            JWETamper.resizing(segment: 3, in: compact) { _ in Data() },
            JWETamper.resizing(segment: 4, in: compact) { $0.prefix(12) },
            JWETamper.resizing(segment: 4, in: compact) { _ in Data() },
            JWETamper.resizing(segment: 4, in: compact) { $0 + Data([0]) },
        ]
        for broken in cases {
            #expect(throws: SealedDataError.truncated) { try open(broken) }
        }
    }

    @Test func flippedByteInTheHeaderFailsAuthentication() {
        let compact = sealed
        let text = JWETamper.headerText(compact)
        #expect(text.contains("\"tapline-card\""))
        let flipped = text.replacingOccurrences(of: "\"tapline-card\"", with: "\"tapline-carD\"")
        #expect(throws: SealedDataError.authenticationFailed) { try open(JWETamper.withHeaderText(flipped, in: compact)) }
    }

    @Test func headerReencodedWithTheSameMeaningFailsAuthentication() {
        // The AAD is the header segment as sent, so even a harmless re-encoding breaks it.
        let compact = sealed
        let spaced = JWETamper.headerText(compact).replacingOccurrences(of: ",\"typ\"", with: ", \"typ\"")
        #expect(throws: SealedDataError.authenticationFailed) { try open(JWETamper.withHeaderText(spaced, in: compact)) }
    }

    @Test func addedPartyInfoFailsAuthentication() {
        let compact = JWETamper.editingHeader(sealed) { $0["apu"] = Base64URL.encode(Data("Mallory".utf8)) }
        #expect(throws: SealedDataError.authenticationFailed) { try open(compact) }
    }

    @Test func anotherValidEphemeralKeyFailsAuthentication() {
        let other = ECPublicJWK(P256.KeyAgreement.PrivateKey().publicKey.sealingKeyForTest)
        let compact = JWETamper.editingHeader(sealed) { header in
            header["epk"] = ["kty": "EC", "crv": "P-256", "x": other.x, "y": other.y]
        }
        #expect(throws: SealedDataError.authenticationFailed) { try open(compact) }
    }

    @Test(arguments: [(2, 0), (2, -1), (3, 0), (3, 20), (3, -1), (4, 0), (4, -1)])
    func flippedByteInIVCiphertextOrTagFailsAuthentication(segment: Int, byte: Int) {
        let compact = JWETamper.flipping(byte: byte, ofSegment: segment, in: sealed)
        #expect(throws: SealedDataError.authenticationFailed) { try open(compact) }
    }

    @Test func partsSwappedBetweenTwoJWEsFailAuthentication() {
        let first = sealed
        let second = sealed
        for index in [0, 2, 3, 4] {
            let mixed = JWETamper.replacing(index, with: JWETamper.parts(second)[index], in: first)
            #expect(throws: SealedDataError.authenticationFailed) { try open(mixed) }
        }
    }

    @Test func noRefusalMentionsThePlaintext() {
        let compact = sealed
        let refused = [
            JWETamper.flipping(byte: 0, ofSegment: 3, in: compact),
            JWETamper.resizing(segment: 4, in: compact) { _ in Data() },
            JWETamper.editingHeader(compact) { $0["alg"] = "dir" },
            JWETamper.editingHeader(compact) { $0["kid"] = "gw-9" },
        ]
        for text in refused {
            do {
                _ = try open(text)
                Issue.record("opened a tampered JWE")
            } catch {
                #expect(!error.description.contains("4761739001010010"))
                #expect(!error.description.isEmpty)
            }
        }
    }
}

private extension P256.KeyAgreement.PublicKey {
    var sealingKeyForTest: SealingKey { SealingKey(keyId: "", publicKey: self) }
}
