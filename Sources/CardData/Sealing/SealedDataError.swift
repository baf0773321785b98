/// Why sealed card data (`paymentCardData`) could not be sealed or opened. Cases never carry
/// card data, so they can be logged and returned to the client as they are.
public enum SealedDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A JWK or key that is not a P-256 public key.
    case invalidKey
    /// Not five dot-separated base64url parts.
    case notCompactJWE
    /// Over `CompactJWE.maximumLength`; refused before any parsing so a client cannot make
    /// the gateway decode and decrypt arbitrarily large input.
    case tooLarge
    /// The protected header is not a JSON object, or a field in it has the wrong type.
    case malformedHeader
    /// The header has `crit`: it names extensions that must be understood, and we know none.
    case unsupportedCritical
    /// `alg` is not `ECDH-ES` (direct key agreement).
    case unsupportedAlgorithm(String)
    /// `enc` is not `A256GCM`.
    case unsupportedEncryption(String)
    /// The header asks for `zip` compression, which card data never uses.
    case unsupportedCompression(String)
    /// The encrypted key part is not empty, which direct key agreement requires.
    case unexpectedEncryptedKey
    /// No `kid`, or one the gateway's key ring does not hold (empty when missing).
    case unknownKey(String)
    /// `epk` is missing or not a point on P-256.
    case invalidEphemeralKey
    /// The IV is not 12 bytes, the tag not 16 bytes, or the ciphertext is empty.
    case truncated
    /// AES-GCM refused it: the header, IV, ciphertext or tag was changed, or it was sealed to
    /// another key with the same id.
    case authenticationFailed
    /// Sealing: an extra header field uses a name the JWE itself sets.
    case reservedHeader(String)
    /// Sealing: there is no plaintext, and an empty ciphertext would be refused on open.
    case emptyPlaintext

    public var description: String {
        switch self {
        case .invalidKey: return "the key is not a P-256 public key"
        case .notCompactJWE: return "not a compact JWE: expected five base64url parts separated by dots"
        case .tooLarge: return "the JWE is larger than \(CompactJWE.maximumLength) bytes"
        case .malformedHeader: return "the JWE protected header is not a well-formed JSON object"
        case .unsupportedCritical: return "the JWE header has crit; no critical extensions are supported"
        case .unsupportedAlgorithm(let alg): return "unsupported JWE alg \"\(alg)\"; only ECDH-ES is accepted"
        case .unsupportedEncryption(let enc): return "unsupported JWE enc \"\(enc)\"; only A256GCM is accepted"
        case .unsupportedCompression(let zip): return "unsupported JWE zip \"\(zip)\"; card data is not compressed"
        case .unexpectedEncryptedKey: return "the JWE encrypted key must be empty with ECDH-ES (direct key agreement)"
        case .unknownKey(let kid) where kid.isEmpty: return "the JWE header has no kid"
        case .unknownKey(let kid): return "no card-data key with kid \"\(kid)\""
        case .invalidEphemeralKey: return "the JWE epk is missing or not a P-256 point"
        case .truncated: return "the JWE IV, ciphertext or tag is missing or has the wrong length"
        case .authenticationFailed: return "the JWE failed authentication (altered, or sealed to another key)"
        case .reservedHeader(let name): return "the header field \"\(name)\" is set by the JWE itself"
        case .emptyPlaintext: return "there is no plaintext to seal"
        }
    }

    /// Header values come from the client: keep what an error echoes short, so a crafted
    /// header cannot fill logs or responses.
    static func clipped(_ value: String) -> String {
        value.count <= 64 ? value : String(value.prefix(64)) + "…"
    }
}
