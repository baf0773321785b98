@preconcurrency import Crypto
import Foundation

/// Card data sealed as a compact JWE (RFC 7516): ECDH-ES direct key agreement on P-256 with
/// A256GCM content encryption (RFC 7518 §4.6, §5.3). The reader seals to the gateway's
/// `SealingKey`; the gateway opens with its `OpeningKeyRing`.
///
/// Every JWE uses a fresh ephemeral key, so its content encryption key is used once. That
/// key also derives `pinKey`, which binds a PIN block to the one payload it travels in.
public enum CompactJWE {
    /// The only `alg` sealed or accepted.
    public static let algorithm = "ECDH-ES"
    /// The only `enc` sealed or accepted.
    public static let encryption = "A256GCM"
    /// The longest compact JWE `open` reads, in bytes; card data is a few hundred.
    public static let maximumLength = 64 * 1024

    private static let pinKeyInfo = Data("tapline pin block v1".utf8)

    /// Starts sealing one payload to `key`: picks the ephemeral key and derives the content
    /// key and `pinKey` now, so the reader can encipher a PIN block before it builds the
    /// plaintext that carries it.
    public static func begin(to key: SealingKey) -> JWESealingSession {
        begin(to: key, ephemeralKey: P256.KeyAgreement.PrivateKey())
    }

    /// `begin(to:)` with a chosen ephemeral key, for deterministic test vectors.
    static func begin(to key: SealingKey, ephemeralKey: P256.KeyAgreement.PrivateKey) -> JWESealingSession {
        // Both keys are valid P-256 keys by construction, for which ECDH cannot fail.
        guard let contentKey = try? contentKey(ephemeralKey, key.publicKey, partyUInfo: nil, partyVInfo: nil) else {
            preconditionFailure("ECDH between two valid P-256 keys failed")
        }
        let point = ECPublicJWK(SealingKey(keyId: "", publicKey: ephemeralKey.publicKey))
        return JWESealingSession(
            keyId: key.keyId, ephemeralKey: ECPublicJWK(x: point.x, y: point.y),
            contentKey: contentKey, pinKey: pinKey(contentKey: contentKey)
        )
    }

    /// Seals `plaintext` to `key` with a fresh ephemeral key and a random 96-bit IV.
    /// - Parameter extraHeader: string fields added to the protected header (authenticated,
    ///   not encrypted); names the JWE sets itself are refused.
    public static func seal(
        _ plaintext: Data, to key: SealingKey, extraHeader: [String: String] = [:]
    ) throws(SealedDataError) -> String {
        try begin(to: key).seal(plaintext, extraHeader: extraHeader)
    }

    /// `seal` with a chosen ephemeral key and IV, for deterministic test vectors.
    static func seal(
        _ plaintext: Data, to key: SealingKey, extraHeader: [String: String] = [:],
        ephemeralKey: P256.KeyAgreement.PrivateKey, iv: Data
    ) throws(SealedDataError) -> String {
        try begin(to: key, ephemeralKey: ephemeralKey).seal(plaintext, extraHeader: extraHeader, iv: iv)
    }

    /// Opens a compact JWE sealed to a key in `keys`. Everything but ECDH-ES with A256GCM,
    /// a known `kid` and an intact ciphertext is refused with its own error.
    public static func open(_ compact: String, keys: OpeningKeyRing) throws(SealedDataError) -> OpenedJWE {
        guard compact.utf8.count <= maximumLength else { throw .tooLarge }
        // Split on bytes: splitting by Character took about a sixth of an open on Linux.
        let parts = compact.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 5 else { throw .notCompactJWE }
        let decoded = parts.compactMap { Base64URL.decode(Substring($0)) }
        guard decoded.count == 5 else { throw .notCompactJWE }
        let (encryptedKey, iv, ciphertext, tag) = (decoded[1], decoded[2], decoded[3], decoded[4])

        let header = try JWEHeader.parse(decoded[0])
        guard encryptedKey.isEmpty else { throw .unexpectedEncryptedKey }
        guard let openingKey = keys.key(id: header.keyId) else {
            throw .unknownKey(SealedDataError.clipped(header.keyId))
        }
        guard let ephemeral = try? header.ephemeralKey.sealingKey() else { throw .invalidEphemeralKey }
        guard iv.count == 12, tag.count == 16, !ciphertext.isEmpty else { throw .truncated }

        let contentKey = try contentKey(
            openingKey.privateKey, ephemeral.publicKey,
            partyUInfo: header.partyUInfo, partyVInfo: header.partyVInfo
        )
        let plaintext: Data
        do {
            let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: iv), ciphertext: ciphertext, tag: tag)
            // The AAD is the header segment exactly as sent, not a re-encoding of it.
            plaintext = try AES.GCM.open(box, using: contentKey, authenticating: Data(parts[0]))
        } catch {
            throw .authenticationFailed
        }
        return OpenedJWE(
            keyId: openingKey.keyId, header: header, plaintext: plaintext,
            pinKey: pinKey(contentKey: contentKey)
        )
    }

    /// The content encryption key of RFC 7518 §4.6.2: the Concat KDF of Z with the `enc`
    /// value as algorithm id, because in direct mode the derived key is the content key.
    static func contentKey(
        _ privateKey: P256.KeyAgreement.PrivateKey, _ publicKey: P256.KeyAgreement.PublicKey,
        partyUInfo: Data?, partyVInfo: Data?
    ) throws(SealedDataError) -> SymmetricKey {
        guard let secret = try? privateKey.sharedSecretFromKeyAgreement(with: publicKey) else {
            throw .invalidEphemeralKey
        }
        let derived = secret.withUnsafeBytes { z in
            ConcatKDF.derive(
                sharedSecret: z, algorithmID: encryption,
                partyUInfo: partyUInfo ?? Data(), partyVInfo: partyVInfo ?? Data(), keyDataLength: 256
            )
        }
        return SymmetricKey(data: derived)
    }

    /// The AES-128 key a PIN block is enciphered under: HKDF-SHA256 of the content key with
    /// an empty salt and the info "tapline pin block v1". Both ends hold the content key of
    /// this one JWE only, so the PIN block cannot be moved to another payload.
    static func pinKey(contentKey: SymmetricKey) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: contentKey, salt: Data(), info: pinKeyInfo, outputByteCount: 16)
    }
}
