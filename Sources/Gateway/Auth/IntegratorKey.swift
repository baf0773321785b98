import CardData
@preconcurrency import Crypto
@preconcurrency import _CryptoExtras
import Foundation

/// One public key an API client's backend signs its JWTs with. The key's type fixes the one
/// algorithm it verifies (`ES256` for EC P-256, `RS256` for RSA of 2048 bits or more), so a
/// token's `alg` is checked against the key, never used to choose how to verify: `none`, HS*
/// and an RSA key's bytes taken for an HMAC secret have no way in.
struct IntegratorKey: Sendable {
    enum Material: Sendable {
        case ec(P256.Signing.PublicKey)
        case rsa(_RSA.Signing.PublicKey)
    }

    /// The JWS `kid` tokens name the key by: the JWK's own, or the RFC 7638 thumbprint.
    let keyId: String
    let material: Material

    /// The only `alg` this key verifies.
    var algorithm: String {
        switch material {
        case .ec: return "ES256"
        case .rsa: return "RS256"
        }
    }

    init(keyId: String? = nil, _ material: Material) {
        self.material = material
        self.keyId = keyId ?? Self.thumbprint(material)
    }

    /// Whether `signature` (the JWS's third part, decoded) signs `input` under this key.
    func verifies(_ signature: Data, input: Data) -> Bool {
        switch material {
        case .ec(let key):
            // JWS ES256 signatures are r || s, 32 bytes each (RFC 7518 §3.4), not DER.
            guard signature.count == 64, let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(ecdsa, for: input)
        case .rsa(let key):
            guard signature.count == key.keySizeInBits / 8 else { return false }
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: input, padding: .insecurePKCS1v1_5)
        }
    }

    /// The key's RFC 7638 JWK thumbprint (SHA-256, base64url): its id when it came from a PEM file.
    static func thumbprint(_ material: Material) -> String {
        let canonical: String
        switch material {
        case .ec(let key):
            let point = key.x963Representation
            canonical = #"{"crv":"P-256","kty":"EC","x":"\#(Base64URL.encode(point.dropFirst().prefix(32)))","y":"\#(Base64URL.encode(point.suffix(32)))"}"#
        case .rsa(let key):
            let primitives = try? key.getKeyPrimitives()
            let n = Base64URL.encode(Self.unsigned(primitives?.modulus ?? Data()))
            let e = Base64URL.encode(Self.unsigned(primitives?.publicExponent ?? Data()))
            canonical = #"{"e":"\#(e)","kty":"RSA","n":"\#(n)"}"#
        }
        return Base64URL.encode(Data(SHA256.hash(data: Data(canonical.utf8))))
    }

    /// A big-endian integer without leading zero bytes, as JWK's `n` and `e` are written.
    private static func unsigned(_ bytes: Data) -> Data {
        let trimmed = bytes.drop { $0 == 0 }
        return trimmed.isEmpty ? Data([0]) : Data(trimmed)
    }
}
