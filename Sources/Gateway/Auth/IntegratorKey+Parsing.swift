@preconcurrency import Crypto
@preconcurrency import _CryptoExtras
import CardData
import Foundation

/// Why a registered key could not be used; said in words to the operator registering it.
struct IntegratorKeyError: Error, CustomStringConvertible {
    let description: String
}

extension IntegratorKey {
    /// The public keys of a PEM file's `PUBLIC KEY` blocks: EC P-256 or RSA of 2048 bits or
    /// more. A private key, another curve or a short RSA key is refused by name.
    static func keys(fromPEM text: String) throws -> [IntegratorKey] {
        let blocks = pemBlocks(text)
        guard !blocks.isEmpty else { throw IntegratorKeyError(description: "no PEM block (-----BEGIN PUBLIC KEY-----) in the file") }
        return try blocks.map { block in
            guard !block.contains("PRIVATE KEY") else {
                throw IntegratorKeyError(description: "the file holds a private key: register only the public key (openssl pkey -pubout)")
            }
            guard block.hasPrefix("-----BEGIN PUBLIC KEY-----") else {
                throw IntegratorKeyError(description: "only -----BEGIN PUBLIC KEY----- blocks are taken (SubjectPublicKeyInfo)")
            }
            return try key(fromPEMBlock: block)
        }
    }

    /// One `PUBLIC KEY` block as a key, or why not.
    static func key(fromPEMBlock block: String) throws -> IntegratorKey {
        if let ec = try? P256.Signing.PublicKey(pemRepresentation: block) { return IntegratorKey(.ec(ec)) }
        if let info = spki(fromPEMBlock: block).flatMap(RSAPublicKeyInfo.init(spki:)),
           let rsa = try? _RSA.Signing.PublicKey(n: info.modulus, e: info.exponent) {
            guard rsa.keySizeInBits >= 2048 else {
                throw IntegratorKeyError(description: "an RSA key of \(rsa.keySizeInBits) bits: RS256 needs 2048 bits or more")
            }
            return IntegratorKey(.rsa(rsa))
        }
        throw IntegratorKeyError(description: "a public key that is neither EC P-256 (ES256) nor RSA (RS256)")
    }

    /// The DER inside a `PUBLIC KEY` block.
    private static func spki(fromPEMBlock block: String) -> Data? {
        let body = block.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return Data(base64Encoded: body)
    }

    /// Each `-----BEGIN …-----` … `-----END …-----` block of `text`, whole.
    static func pemBlocks(_ text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("-----BEGIN ") { current = [Substring(trimmed)]; continue }
            guard current != nil else { continue }
            current?.append(Substring(trimmed))
            if trimmed.hasPrefix("-----END ") {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            }
        }
        return blocks
    }

    /// The signing keys of a JWKS document (RFC 7517 §5). Keys Tapline cannot verify with
    /// (another `kty` or curve, RSA under 2048 bits, `use` other than `sig`, an `alg` that is
    /// not the key type's) are left out rather than failing the set, as a JWKS may list keys
    /// for other purposes. Nil when the document is not a JWKS at all.
    static func keys(fromJWKS data: Data) -> [IntegratorKey]? {
        guard let set = try? JSONDecoder().decode(JWKSet.self, from: data) else { return nil }
        return set.keys.compactMap { $0.integratorKey() }
    }
}

/// A JWKS document, as far as Tapline reads it.
private struct JWKSet: Decodable {
    struct Key: Decodable {
        var kty: String?
        var kid: String?
        var use: String?
        var alg: String?
        var crv: String?
        var x: String?
        var y: String?
        var n: String?
        var e: String?

        func integratorKey() -> IntegratorKey? {
            guard use == nil || use == "sig" else { return nil }
            let key: IntegratorKey
            switch kty {
            case "EC":
                guard crv == "P-256", let x = x.flatMap({ Base64URL.decode($0) }), let y = y.flatMap({ Base64URL.decode($0) }), x.count == 32, y.count == 32,
                      let ec = try? P256.Signing.PublicKey(x963Representation: Data([0x04]) + x + y) else { return nil }
                key = IntegratorKey(keyId: kid, .ec(ec))
            case "RSA":
                guard let n = n.flatMap({ Base64URL.decode($0) }), let e = e.flatMap({ Base64URL.decode($0) }),
                      let rsa = try? _RSA.Signing.PublicKey(n: n, e: e), rsa.keySizeInBits >= 2048 else { return nil }
                key = IntegratorKey(keyId: kid, .rsa(rsa))
            default:
                return nil
            }
            guard alg == nil || alg == key.algorithm else { return nil }
            return key
        }
    }

    var keys: [Key]
}
