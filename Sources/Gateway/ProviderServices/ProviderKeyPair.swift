@preconcurrency import Crypto
import Foundation
import NIOSSL
import _CryptoExtras

/// Whether a client certificate and a private key belong together, checked at start so a
/// wrong pair stops `tapline serve` instead of failing every handshake later.
enum ProviderKeyPair {
    /// True when `keyFile` holds the private key of `certificate`; nil when the key is of a
    /// kind this check does not read (it then waits for the first handshake). Compares the
    /// certificate's SubjectPublicKeyInfo with the key's public half, read with swift-crypto:
    /// a TLS context made from a mismatched pair crashed swift-nio-ssl while it was freed.
    static func matches(_ certificate: NIOSSLCertificate, keyFile: String) -> Bool? {
        guard let pem = try? String(contentsOfFile: keyFile, encoding: .utf8),
              let certificateKey = try? certificate.extractPublicKey().toSPKIBytes() else { return nil }
        guard let publicKey = publicKeyDER(pem) else { return nil }
        return Data(certificateKey) == publicKey
    }

    private static func publicKeyDER(_ pem: String) -> Data? {
        if let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) { return key.publicKey.derRepresentation }
        if let key = try? P384.Signing.PrivateKey(pemRepresentation: pem) { return key.publicKey.derRepresentation }
        if let key = try? P521.Signing.PrivateKey(pemRepresentation: pem) { return key.publicKey.derRepresentation }
        // swift-crypto 3's RSA private-key parse fails cleanly (unlike its public-key parse).
        if let key = try? _RSA.Signing.PrivateKey(pemRepresentation: pem) { return key.publicKey.derRepresentation }
        return nil
    }
}
