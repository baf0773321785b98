@preconcurrency import Crypto
import Foundation

/// One payload being sealed, from `CompactJWE.begin(to:)`. The ephemeral key and content
/// key are fixed when the session starts, so `pinKey` is known before the plaintext is built:
/// the reader enciphers the ISO 9564 format 4 PIN block under it and puts the result in the
/// plaintext. The gateway derives the same key from the JWE it opens.
///
/// The session is non-copyable and `seal` consumes it: a second payload under the same
/// content key would share the PIN key, so each session seals exactly once.
public struct JWESealingSession: ~Copyable, Sendable {
    /// The AES-128 key for this payload's PIN block; equals `OpenedJWE.pinKey` on the gateway.
    public let pinKey: SymmetricKey
    let keyId: String
    let ephemeralKey: ECPublicJWK
    let contentKey: SymmetricKey

    init(keyId: String, ephemeralKey: ECPublicJWK, contentKey: SymmetricKey, pinKey: SymmetricKey) {
        self.keyId = keyId
        self.ephemeralKey = ephemeralKey
        self.contentKey = contentKey
        self.pinKey = pinKey
    }

    /// Seals `plaintext` with a random 96-bit IV, ending the session.
    /// - Parameter extraHeader: string fields added to the protected header (authenticated,
    ///   not encrypted); names the JWE sets itself are refused.
    public consuming func seal(_ plaintext: Data, extraHeader: [String: String] = [:]) throws(SealedDataError) -> String {
        let iv = AES.GCM.Nonce().withUnsafeBytes { Data($0) }
        return try seal(plaintext, extraHeader: extraHeader, iv: iv)
    }

    /// `seal` with a chosen IV, for deterministic test vectors.
    func seal(_ plaintext: Data, extraHeader: [String: String], iv: Data) throws(SealedDataError) -> String {
        precondition(iv.count == 12, "A256GCM takes a 96-bit IV")
        guard !plaintext.isEmpty else { throw .emptyPlaintext }
        guard !keyId.isEmpty else { throw .unknownKey("") }
        if let reserved = extraHeader.keys.sorted().first(where: JWEHeader.reservedNames.contains) {
            throw .reservedHeader(reserved)
        }
        let header = JWEHeader(keyId: keyId, ephemeralKey: ephemeralKey, extra: extraHeader)
        let headerSegment = Base64URL.encode(header.json)
        let box: AES.GCM.SealedBox
        do {
            box = try AES.GCM.seal(
                plaintext, using: contentKey, nonce: AES.GCM.Nonce(data: iv),
                authenticating: Data(headerSegment.utf8)
            )
        } catch {
            // Only a wrong IV length or key size fails here, and both are fixed above.
            preconditionFailure("AES-GCM refused a 256-bit key and 96-bit IV")
        }
        let compact = [
            headerSegment, "", Base64URL.encode(iv), Base64URL.encode(box.ciphertext), Base64URL.encode(box.tag),
        ].joined(separator: ".")
        // Refuse here what the gateway would refuse, rather than send it.
        guard compact.utf8.count <= CompactJWE.maximumLength else { throw .tooLarge }
        return compact
    }
}
