@preconcurrency import Crypto
@preconcurrency import _CryptoExtras
import Foundation
import Testing

@testable import Gateway

/// Registered PEM keys reach swift-crypto's RSA parser only as a well-formed RSA key: its
/// public-key parse frees twice on anything else, which aborted the whole test run.
struct RSAPublicKeyInfoTests {
    private static func der(_ pem: String) -> Data {
        Data(base64Encoded: pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined())!
    }

    @Test func anRSAKeysModulusAndExponentAreRead() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048).publicKey
        let info = try #require(RSAPublicKeyInfo(spki: Self.der(key.pemRepresentation)))
        let rebuilt = try _RSA.Signing.PublicKey(n: info.modulus, e: info.exponent)
        #expect(rebuilt.derRepresentation == key.derRepresentation)
        #expect(info.exponent == Data([0x01, 0x00, 0x01]))
        #expect(info.modulus.count == 256)
    }

    @Test func anythingButAnRSAKeyIsNil() throws {
        let rsa = Self.der(try _RSA.Signing.PrivateKey(keySize: .bits2048).publicKey.pemRepresentation)
        #expect(RSAPublicKeyInfo(spki: Self.der(P384.Signing.PrivateKey().publicKey.pemRepresentation)) == nil)
        #expect(RSAPublicKeyInfo(spki: Self.der(P256.Signing.PrivateKey().publicKey.pemRepresentation)) == nil)
        #expect(RSAPublicKeyInfo(spki: Data()) == nil)
        #expect(RSAPublicKeyInfo(spki: rsa.dropLast()) == nil)
        #expect(RSAPublicKeyInfo(spki: rsa + Data([0])) == nil)
        var lyingLength = rsa
        lyingLength[3] = 0xFF
        #expect(RSAPublicKeyInfo(spki: lyingLength) == nil)
        for cut in stride(from: 0, to: rsa.count, by: 7) {
            #expect(RSAPublicKeyInfo(spki: rsa.prefix(cut)) == nil)
        }
    }

    /// Each of these went through swift-crypto's RSA public-key parser before, which freed
    /// its key twice; many rounds made the abort all but certain.
    @Test func keysOfOtherKindsAreRefusedByNameRoundAfterRound() throws {
        let p384 = P384.Signing.PrivateKey().publicKey.pemRepresentation
        let ed25519 = "-----BEGIN PUBLIC KEY-----\n\(Curve25519.Signing.PrivateKey().publicKey.rawRepresentation.spkiBase64)\n-----END PUBLIC KEY-----\n"
        let garbage = "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"
        for _ in 0..<200 {
            for pem in [p384, ed25519, garbage] {
                #expect(throws: IntegratorKeyError.self) { try IntegratorKey.keys(fromPEM: pem) }
            }
        }
        let rsa = try _RSA.Signing.PrivateKey(keySize: .bits2048).publicKey.pemRepresentation
        #expect(try IntegratorKey.keys(fromPEM: rsa).count == 1)
    }
}

private extension Data {
    /// An Ed25519 SubjectPublicKeyInfo (RFC 8410) around a raw public key, base64.
    var spkiBase64: String { (Data([0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]) + self).base64EncodedString() }
}
