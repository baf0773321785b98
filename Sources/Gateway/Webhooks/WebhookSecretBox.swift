import CardData
@preconcurrency import Crypto
import Foundation

/// Makes endpoint secrets and keeps them sealed at rest. A secret signs every delivery, so
/// it cannot be stored as a one-way hash; it is sealed with AES-256-GCM under a key derived
/// (HKDF-SHA256) from the gateway's token-signing key, which lives in the key file, not the
/// database. A database dump alone therefore does not reveal any secret.
struct WebhookSecretBox: Sendable {
    private let key: SymmetricKey

    init(tokenSigningKey: SymmetricKey) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: tokenSigningKey, salt: Data("tapline".utf8),
            info: Data("tapline webhook endpoint secrets v1".utf8), outputByteCount: 32)
    }

    /// A new secret: `whsec_` and 32 random bytes, base64url.
    static func newSecret() -> String {
        "whsec_" + Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
    }

    /// The secret sealed for storage, bound to its endpoint's id (a sealed secret copied onto
    /// another row does not open there).
    func seal(_ secret: String, endpointId: String) throws -> String {
        let box = try AES.GCM.seal(Data(secret.utf8), using: key, authenticating: Data(endpointId.utf8))
        guard let combined = box.combined else { throw WebhookSecretError.sealingFailed }
        return "v1." + Base64URL.encode(combined)
    }

    func open(_ sealed: String, endpointId: String) throws -> String {
        guard sealed.hasPrefix("v1."), let combined = Base64URL.decode(sealed.dropFirst(3)) else { throw WebhookSecretError.unreadable }
        let box = try AES.GCM.SealedBox(combined: combined)
        let plain = try AES.GCM.open(box, using: key, authenticating: Data(endpointId.utf8))
        return String(decoding: plain, as: UTF8.self)
    }
}

/// A sealed secret that cannot be used (the key file changed, or the row was altered).
enum WebhookSecretError: Error {
    case sealingFailed
    case unreadable
}
