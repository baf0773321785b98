@testable import CardData
@preconcurrency import Crypto
import Foundation
import Testing

@Suite struct CompactJWETests {
    private let key = OpeningKey.generate(keyId: "gw-2025-01")
    private var ring: OpeningKeyRing { OpeningKeyRing(current: key) }
    private let plaintext = Data("5A084761739001010010 card data".utf8)

    @Test func roundTrip() throws {
        let compact = try CompactJWE.seal(plaintext, to: key.sealingKey)
        let opened = try CompactJWE.open(compact, keys: ring)
        #expect(opened.plaintext == plaintext)
        #expect(opened.keyId == "gw-2025-01")
        #expect(opened.header.algorithm == "ECDH-ES")
        #expect(opened.header.encryption == "A256GCM")
        #expect(opened.header.keyId == "gw-2025-01")
        #expect(opened.header.partyUInfo == nil && opened.header.partyVInfo == nil)
        #expect(opened.header.extra.isEmpty)
    }

    @Test func compactSerialisationHasFivePartsAndNoEncryptedKey() throws {
        let parts = JWETamper.parts(try CompactJWE.seal(plaintext, to: key.sealingKey))
        #expect(parts.count == 5)
        #expect(parts[1].isEmpty)
        #expect(Base64URL.decode(parts[2])?.count == 12)
        #expect(Base64URL.decode(parts[3])?.count == plaintext.count)
        #expect(Base64URL.decode(parts[4])?.count == 16)
        #expect(parts.allSatisfy { !$0.contains("=") })
    }

    @Test func headerHasTheFieldsInOrder() throws {
        let compact = try CompactJWE.seal(plaintext, to: key.sealingKey, extraHeader: ["typ": "tapline-card"])
        let header = JWETamper.headerText(compact)
        #expect(header.hasPrefix(#"{"alg":"ECDH-ES","enc":"A256GCM","kid":"gw-2025-01","epk":{"kty":"EC","crv":"P-256","x":""#))
        #expect(header.hasSuffix(#"},"typ":"tapline-card"}"#))
    }

    @Test func eachSealUsesANewEphemeralKeyAndIV() throws {
        let first = JWETamper.parts(try CompactJWE.seal(plaintext, to: key.sealingKey))
        let second = JWETamper.parts(try CompactJWE.seal(plaintext, to: key.sealingKey))
        #expect(first[0] != second[0])
        #expect(first[2] != second[2])
        #expect(first[3] != second[3])
    }

    @Test func extraHeaderFieldsComeBackIncludingOddCharacters() throws {
        let extra = ["typ": "tapline-card", "reader": "quote \" backslash \\ newline \n tab \t bell \u{7} é 🙂"]
        let opened = try CompactJWE.open(try CompactJWE.seal(plaintext, to: key.sealingKey, extraHeader: extra), keys: ring)
        #expect(opened.header.extra == extra)
        #expect(opened.plaintext == plaintext)
    }

    @Test(arguments: ["alg", "enc", "kid", "epk", "apu", "apv", "crit", "zip"])
    func extraHeaderCannotSetReservedNames(_ name: String) {
        #expect(throws: SealedDataError.reservedHeader(name)) {
            try CompactJWE.seal(plaintext, to: key.sealingKey, extraHeader: [name: "x"])
        }
    }

    @Test func emptyPlaintextIsRefused() {
        #expect(throws: SealedDataError.emptyPlaintext) { try CompactJWE.seal(Data(), to: key.sealingKey) }
    }

    @Test func sealRefusesWhatOpenWouldRefuseForSize() throws {
        let large = Data(repeating: 0x42, count: 40_000)
        #expect(try CompactJWE.open(try CompactJWE.seal(large, to: key.sealingKey), keys: ring).plaintext == large)
        #expect(throws: SealedDataError.tooLarge) {
            try CompactJWE.seal(Data(repeating: 0x42, count: 50_000), to: key.sealingKey)
        }
    }

    @Test func sealingToAKeyWithoutIdIsRefused() throws {
        let anonymous = SealingKey(keyId: "", publicKey: key.privateKey.publicKey)
        #expect(throws: SealedDataError.unknownKey("")) { try CompactJWE.seal(plaintext, to: anonymous) }
    }

    @Test func pinKeyOfTheSessionEqualsPinKeyOfTheOpenedJWE() throws {
        let session = CompactJWE.begin(to: key.sealingKey)
        let sealingPinKey = session.pinKey
        let compact = try session.seal(plaintext)
        let opened = try CompactJWE.open(compact, keys: ring)
        #expect(sealingPinKey.bitCount == 128)
        #expect(opened.pinKey == sealingPinKey)
    }

    @Test func pinKeyDiffersForEveryJWE() throws {
        let first = try CompactJWE.open(try CompactJWE.seal(plaintext, to: key.sealingKey), keys: ring)
        let second = try CompactJWE.open(try CompactJWE.seal(plaintext, to: key.sealingKey), keys: ring)
        #expect(first.pinKey != second.pinKey)
    }

    @Test func pinKeyIsHKDFOfTheContentKey() throws {
        let ephemeral = P256.KeyAgreement.PrivateKey()
        let contentKey = try CompactJWE.contentKey(ephemeral, key.privateKey.publicKey, partyUInfo: nil, partyVInfo: nil)
        let expected = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: contentKey, salt: Data(), info: Data("tapline pin block v1".utf8), outputByteCount: 16
        )
        #expect(CompactJWE.begin(to: key.sealingKey, ephemeralKey: ephemeral).pinKey == expected)
    }

    @Test func printingNeverShowsPlaintextOrKeys() throws {
        let opened = try CompactJWE.open(try CompactJWE.seal(plaintext, to: key.sealingKey), keys: ring)
        var dumped = ""
        dump(opened, to: &dumped)
        let pinKeyHex = opened.pinKey.withUnsafeBytes { TestJWK.hex(Data($0)) }
        for text in ["\(opened)", String(reflecting: opened), dumped] {
            #expect(text.contains("gw-2025-01"))
            #expect(!text.contains("4761739001010010"))
            #expect(!text.contains(TestJWK.hex(plaintext)))
            #expect(!text.contains(pinKeyHex))
        }
        #expect("\(opened)" == "OpenedJWE(kid: gw-2025-01, alg: ECDH-ES, enc: A256GCM, plaintext: 30 bytes, pinKey: redacted)")
    }
}
