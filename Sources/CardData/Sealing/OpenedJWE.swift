@preconcurrency import Crypto
import Foundation

/// A card-data JWE the gateway opened: which key opened it, its header, the plaintext and
/// the key its PIN block is enciphered under.
///
/// Printing it (`description`, `dump`, string interpolation) shows sizes and names only,
/// never the plaintext or key bytes, so it is safe to log by mistake.
public struct OpenedJWE: Sendable, CustomStringConvertible, CustomReflectable {
    /// The ring key that opened it (the header's `kid`).
    public let keyId: String
    public let header: JWEHeader
    /// The decrypted payload: card data. Never log it.
    public let plaintext: Data
    /// The AES-128 key the payload's PIN block is enciphered under, derived from this JWE's
    /// content key; equals the sealing session's `pinKey`.
    public let pinKey: SymmetricKey

    public var description: String {
        "OpenedJWE(kid: \(keyId), alg: \(header.algorithm), enc: \(header.encryption), "
            + "plaintext: \(plaintext.count) bytes, pinKey: redacted)"
    }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "keyId": keyId, "header": header, "plaintextBytes": plaintext.count, "pinKey": "redacted",
        ])
    }
}
