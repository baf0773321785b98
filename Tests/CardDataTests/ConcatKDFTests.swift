@testable import CardData
@preconcurrency import Crypto
import Foundation
import Testing

/// RFC 7518 Appendix C: ECDH-ES key agreement between Alice's ephemeral key and Bob's key,
/// deriving an A128GCM key with apu "Alice" and apv "Bob".
@Suite struct ConcatKDFTests {
    private static let aliceEphemeralD = "0_NxaRPUMQoAJt50Gz8YiTr8gRTwyEaCumd-MToTmIo"
    private static let bobX = "weNJy2HscCSM6AEDTDg04biOvhFhyyWvOHQfeF_PxMQ"
    private static let bobY = "e8lnCO-AlStT-NJVX-crhB7QRYhiix03illJOVAOyck"
    private static let z: [UInt8] = [
        158, 86, 217, 29, 129, 113, 53, 211, 114, 131, 66, 131, 191, 132, 38, 156,
        251, 49, 110, 163, 218, 128, 106, 72, 246, 218, 167, 121, 140, 254, 144, 196,
    ]
    private static let derivedKey: [UInt8] = [86, 170, 141, 234, 248, 35, 109, 32, 92, 34, 40, 205, 113, 167, 16, 26]

    @Test func appendixCDerivedKey() {
        let key = ConcatKDF.derive(
            sharedSecret: Self.z, algorithmID: "A128GCM",
            partyUInfo: Data("Alice".utf8), partyVInfo: Data("Bob".utf8), keyDataLength: 128
        )
        #expect(Array(key) == Self.derivedKey)
        #expect(Base64URL.encode(key) == "VqqN6vgjbSBcIijNcacQGg")
    }

    @Test func appendixCSharedSecretFromSwiftCrypto() throws {
        let alice = try TestJWK.privateKey(d: Self.aliceEphemeralD)
        #expect(Base64URL.encode(alice.publicKey.x963Representation.dropFirst().prefix(32))
            == "gI0GAILBdu7T53akrFmMyGcsF3n5dO7MmwNBHKW5SV0")
        let bob = try ECPublicJWK(x: Self.bobX, y: Self.bobY).sealingKey().publicKey
        let secret = try alice.sharedSecretFromKeyAgreement(with: bob)
        #expect(secret.withUnsafeBytes { Array($0) } == Self.z)
    }

    @Test func contentKeyWithPartyInfoMatchesTheDerivation() throws {
        // The same agreement as Appendix C, but through the A256GCM content key path.
        let alice = try TestJWK.privateKey(d: Self.aliceEphemeralD)
        let bob = try ECPublicJWK(x: Self.bobX, y: Self.bobY).sealingKey().publicKey
        let key = try CompactJWE.contentKey(alice, bob, partyUInfo: Data("Alice".utf8), partyVInfo: Data("Bob".utf8))
        let expected = ConcatKDF.derive(
            sharedSecret: Self.z, algorithmID: "A256GCM",
            partyUInfo: Data("Alice".utf8), partyVInfo: Data("Bob".utf8), keyDataLength: 256
        )
        #expect(key.withUnsafeBytes { Data($0) } == expected)
    }

    @Test func otherInfoIsLengthPrefixedAndEndsWithTheKeyLength() {
        // One SHA-256 round, written out: counter || Z || OtherInfo.
        var input = Data([0, 0, 0, 1]) + Data(Self.z)
        input += Data([0, 0, 0, 7]) + Data("A256GCM".utf8) + Data([0, 0, 0, 0]) + Data([0, 0, 0, 0])
        input += Data([0, 0, 1, 0])
        let expected = Data(SHA256.hash(data: input))
        #expect(ConcatKDF.derive(sharedSecret: Self.z, algorithmID: "A256GCM", keyDataLength: 256) == expected)
    }

    @Test func longerKeysConcatenateCountedRounds() {
        let otherInfo = Data([0, 0, 0, 1]) + Data("X".utf8) + Data(count: 8) + Data([0, 0, 2, 0])
        let first = Data(SHA256.hash(data: Data([0, 0, 0, 1]) + Data(Self.z) + otherInfo))
        let second = Data(SHA256.hash(data: Data([0, 0, 0, 2]) + Data(Self.z) + otherInfo))
        #expect(ConcatKDF.derive(sharedSecret: Self.z, algorithmID: "X", keyDataLength: 512) == first + second)
        #expect(ConcatKDF.derive(sharedSecret: Self.z, algorithmID: "X", keyDataLength: 384).count == 48)
    }
}
