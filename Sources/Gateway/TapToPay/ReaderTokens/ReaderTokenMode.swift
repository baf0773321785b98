@preconcurrency import Crypto
import Foundation

/// How the gateway makes reader tokens and PIN tokens, chosen at start (`--reader-tokens`).
public enum ReaderTokenMode: Sendable, Equatable {
    /// Tapline's own tokens (the default): what the simulated reader takes.
    case tapline
    /// Tokens signed ES256 with the payment service provider's key, claims from its template:
    /// what Apple's reader on an iPhone takes.
    case signed(SignedReaderTokenSettings)
    /// Tokens fetched from the payment service provider's token service over HTTPS (mutual
    /// TLS when it asks): for a deployer whose provider signs the tokens itself.
    case remote(RemoteReaderTokenSettings)
}

/// The payment service provider's signing setup for ``ReaderTokenMode/signed(_:)``.
public struct SignedReaderTokenSettings: Sendable, Equatable {
    /// The provider's P-256 private key.
    public var privateKey: P256.Signing.PrivateKey
    /// The key's id, the token header's `kid`.
    public var keyId: String
    /// What `{{issuer}}` becomes.
    public var issuer: String
    public var claims: ReaderTokenClaimTemplate

    public init(privateKey: P256.Signing.PrivateKey, keyId: String, issuer: String, claims: ReaderTokenClaimTemplate) {
        self.privateKey = privateKey
        self.keyId = keyId
        self.issuer = issuer
        self.claims = claims
    }

    public static func == (lhs: SignedReaderTokenSettings, rhs: SignedReaderTokenSettings) -> Bool {
        lhs.privateKey.rawRepresentation == rhs.privateKey.rawRepresentation && lhs.keyId == rhs.keyId && lhs.issuer == rhs.issuer
            && lhs.claims == rhs.claims
    }
}
