import Foundation

/// What the database remembers of the keys it was written with: a fingerprint of each key
/// that must never change under it (the token-signing key and the PAN-hash key), from which
/// nothing of the key can be learned. `tapline serve` compares the keys it is given with
/// these before it uses them, so a lost key file or a missing master key stops the start
/// instead of quietly making new keys that match nothing already stored.
///
/// The card-data keys are not fingerprinted: they rotate by design, and what they seal
/// (a tap) is opened within seconds, never kept.
public struct KeyFingerprints: Sendable, Equatable {
    /// The gateway's one record is named ``gateway``.
    public static let gateway = "gateway"

    public var name: String
    /// Hex fingerprint of the key that signs access tokens and reader tokens (and seals webhook secrets).
    public var tokenSigningKey: String
    /// Hex fingerprint of the key of the card-number hash (refund by card, card lookups).
    public var panHashKey: String
    public var recordedAt: Date

    public init(name: String = KeyFingerprints.gateway, tokenSigningKey: String, panHashKey: String, recordedAt: Date) {
        self.name = name
        self.tokenSigningKey = tokenSigningKey
        self.panHashKey = panHashKey
        self.recordedAt = recordedAt
    }

    /// Whether `other` fingerprints the same keys (when each was recorded aside).
    public func sameKeys(as other: KeyFingerprints) -> Bool {
        tokenSigningKey == other.tokenSigningKey && panHashKey == other.panHashKey
    }
}
