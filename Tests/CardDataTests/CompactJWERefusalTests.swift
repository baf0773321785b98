@testable import CardData
@preconcurrency import Crypto
import Foundation
import Testing

/// What `open` refuses before it decrypts anything: the shape, the header, the key.
@Suite struct CompactJWERefusalTests {
    private let key = OpeningKey.generate(keyId: "gw-1")
    private var ring: OpeningKeyRing { OpeningKeyRing(current: key) }
    private let plaintext = Data("4761739001010010 must never appear in an error".utf8)
    private var sealed: String { try! CompactJWE.seal(plaintext, to: key.sealingKey, extraHeader: ["typ": "tapline-card"]) }

    private func open(_ compact: String) throws(SealedDataError) -> OpenedJWE {
        try CompactJWE.open(compact, keys: ring)
    }

    @Test(arguments: ["", "not a jwe", "a.b.c.d", "a.b.c.d.e.f", "a.b.c.d.e.", "e30.!.AAAA.AAAA.AAAA"])
    func notFiveBase64URLParts(_ text: String) {
        #expect(throws: SealedDataError.notCompactJWE) { try open(text) }
    }

    @Test func eachPartMustBeBase64URL() {
        for index in 0..<5 {
            let broken = JWETamper.replacing(index, with: "AB+/", in: sealed)
            #expect(throws: SealedDataError.notCompactJWE) { try open(broken) }
        }
    }

    @Test func overSixtyFourKiBIsTooLarge() {
        #expect(throws: SealedDataError.tooLarge) { try open(String(repeating: "A", count: 65_537)) }
        #expect(throws: SealedDataError.notCompactJWE) { try open(String(repeating: "A", count: 65_536)) }
        let padded = JWETamper.replacing(3, with: String(repeating: "A", count: 65_536), in: sealed)
        #expect(throws: SealedDataError.tooLarge) { try open(padded) }
    }

    @Test(arguments: ["", "not json", "[1,2]", "\"ECDH-ES\"", "{\"enc\":\"A256GCM\"}", "{\"alg\":7}", "{\"alg\":\"ECDH-ES\"}"])
    func headerThatIsNotAJSONObjectWithAlgAndEnc(_ header: String) {
        #expect(throws: SealedDataError.malformedHeader) { try open(JWETamper.withHeaderText(header, in: sealed)) }
    }

    @Test func critIsRefused() {
        let compact = JWETamper.editingHeader(sealed) { $0["crit"] = ["exp"]; $0["exp"] = 1 }
        #expect(throws: SealedDataError.unsupportedCritical) { try open(compact) }
    }

    @Test(arguments: ["RSA-OAEP", "RSA-OAEP-256", "dir", "ECDH-ES+A256KW", "A256KW", "none", "ecdh-es"])
    func algorithmsOtherThanECDHESAreRefused(_ alg: String) {
        let compact = JWETamper.editingHeader(sealed) { $0["alg"] = alg }
        #expect(throws: SealedDataError.unsupportedAlgorithm(alg)) { try open(compact) }
    }

    @Test func keyWrappingWithAnEncryptedKeyIsRefusedForItsAlgorithm() {
        let wrapped = JWETamper.replacing(1, with: Base64URL.encode(Data(repeating: 9, count: 40)), in: sealed)
        let compact = JWETamper.editingHeader(wrapped) { $0["alg"] = "ECDH-ES+A256KW" }
        #expect(throws: SealedDataError.unsupportedAlgorithm("ECDH-ES+A256KW")) { try open(compact) }
    }

    @Test func longAlgorithmNamesAreClippedInTheError() {
        let alg = String(repeating: "X", count: 5_000)
        let compact = JWETamper.editingHeader(sealed) { $0["alg"] = alg }
        #expect(throws: SealedDataError.unsupportedAlgorithm(String(repeating: "X", count: 64) + "…")) { try open(compact) }
    }

    @Test(arguments: ["A128GCM", "A192GCM", "A256CBC-HS512", "a256gcm"])
    func encryptionOtherThanA256GCMIsRefused(_ enc: String) {
        let compact = JWETamper.editingHeader(sealed) { $0["enc"] = enc }
        #expect(throws: SealedDataError.unsupportedEncryption(enc)) { try open(compact) }
    }

    @Test func compressionIsRefused() {
        let compact = JWETamper.editingHeader(sealed) { $0["zip"] = "DEF" }
        #expect(throws: SealedDataError.unsupportedCompression("DEF")) { try open(compact) }
    }

    @Test func nonEmptyEncryptedKeyIsRefused() {
        let compact = JWETamper.replacing(1, with: Base64URL.encode(Data(repeating: 9, count: 40)), in: sealed)
        #expect(throws: SealedDataError.unexpectedEncryptedKey) { try open(compact) }
    }

    @Test func missingOrUnknownKidIsRefused() {
        let missing = JWETamper.editingHeader(sealed) { $0["kid"] = nil }
        #expect(throws: SealedDataError.unknownKey("")) { try open(missing) }
        let number = JWETamper.editingHeader(sealed) { $0["kid"] = 1 }
        #expect(throws: SealedDataError.unknownKey("")) { try open(number) }
        let other = JWETamper.editingHeader(sealed) { $0["kid"] = "gw-0" }
        #expect(throws: SealedDataError.unknownKey("gw-0")) { try open(other) }
    }

    @Test func missingOrMalformedEphemeralKeyIsRefused() {
        let changes: [(inout [String: Any]) -> Void] = [
            { $0["epk"] = nil },
            { $0["epk"] = "not an object" },
            { $0["epk"] = ["kty": "EC", "crv": "P-256"] },
            { Self.editEPK(&$0) { $0["crv"] = "P-384" } },
            { Self.editEPK(&$0) { $0["kty"] = "OKP" } },
            { Self.editEPK(&$0) { $0["x"] = Base64URL.encode(Data(repeating: 1, count: 31)) } },
            { Self.editEPK(&$0) { $0["y"] = "!!" } },
        ]
        for change in changes {
            #expect(throws: SealedDataError.invalidEphemeralKey) { try open(JWETamper.editingHeader(sealed, change)) }
        }
    }

    @Test func ephemeralKeyNotOnTheCurveIsRefused() {
        let compact = JWETamper.editingHeader(sealed) { header in
            Self.editEPK(&header) { epk in
                var y = Base64URL.decode(epk["y"] as! String)!
                y[y.startIndex + 31] ^= 0x01
                epk["y"] = Base64URL.encode(y)
            }
        }
        #expect(throws: SealedDataError.invalidEphemeralKey) { try open(compact) }
    }

    @Test func malformedPartyInfoIsRefused() {
        let compact = JWETamper.editingHeader(sealed) { $0["apu"] = "not base64url!" }
        #expect(throws: SealedDataError.malformedHeader) { try open(compact) }
    }

    private static func editEPK(_ header: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
        var epk = header["epk"] as! [String: Any]
        change(&epk)
        header["epk"] = epk
    }
}
