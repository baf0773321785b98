import CardData
@preconcurrency import Crypto
import Foundation

/// Compact JWTs signed with ES256 (ECDSA P-256 with SHA-256, RFC 7518 §3.4): the signature
/// is the raw 64 bytes r‖s, not DER, which is what every JOSE library verifies.
enum ES256JWT {
    /// Signs `claims` (sorted keys) under `{"alg":"ES256","kid":keyId,"typ":"JWT"}`.
    static func sign(_ claims: some Encodable, keyId: String, key: P256.Signing.PrivateKey) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = try encoder.encode(Header(alg: "ES256", kid: keyId, typ: "JWT"))
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(try encoder.encode(claims))
        let signature = try key.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    private struct Header: Encodable {
        var alg: String
        var kid: String
        var typ: String
    }
}
