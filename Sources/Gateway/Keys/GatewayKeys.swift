import CardData
@preconcurrency import Crypto
import Foundation

/// The gateway's secret key material: the access-token signing key, the key of the PAN hash
/// and the card-data key pairs readers seal `paymentCardData` to. Given by configuration, or
/// generated on a fresh install and kept in a file only its owner can read (mode 0600, see
/// `GatewayKeys+File.swift`).
public struct GatewayKeys: Sendable {
    /// Signs access tokens and reader tokens (HS256).
    public var tokenSigningKey: SymmetricKey
    public var panHashKey: SymmetricKey
    /// The current card-data key pair, whose public half reader tokens carry, and the
    /// previous one, so card data sealed just before a rotation still opens.
    public var cardDataKeys: OpeningKeyRing

    public init(tokenSigningKey: SymmetricKey, panHashKey: SymmetricKey, cardDataKeys: OpeningKeyRing) {
        self.tokenSigningKey = tokenSigningKey
        self.panHashKey = panHashKey
        self.cardDataKeys = cardDataKeys
    }

    /// Fresh random keys, with a card-data ring of one key.
    public static func generate() -> GatewayKeys {
        GatewayKeys(
            tokenSigningKey: SymmetricKey(size: .bits256), panHashKey: SymmetricKey(size: .bits256),
            cardDataKeys: OpeningKeyRing(current: newCardDataKey()))
    }

    /// The same keys with a new current card-data key: today's current key becomes the
    /// previous one and the older previous key is dropped. Readers get the new key with
    /// their next reader token; payloads sealed to the old one still open until the next rotation.
    public func rotatingCardKey() -> GatewayKeys {
        var keys = self
        keys.cardDataKeys = cardDataKeys.rotated(to: Self.newCardDataKey())
        return keys
    }

    /// A new P-256 card-data key pair named `tck_` and 16 random hex characters.
    public static func newCardDataKey() -> OpeningKey {
        var generator = SystemRandomNumberGenerator()
        let suffix = (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        return OpeningKey.generate(keyId: "tck_" + suffix)
    }
}

/// Why the gateway could not start, or a key command could not finish.
public enum GatewayStartupError: Error, CustomStringConvertible {
    case unreadableKeys(String)
    case unwritableKeys(String)
    case missingKeys(String)

    public var description: String {
        switch self {
        case .unreadableKeys(let path): return "the key file \(path) is not a Tapline key file"
        case .unwritableKeys(let path): return "cannot write the key file \(path)"
        case .missingKeys(let path): return "there is no key file at \(path); tapline serve creates one on its first start"
        }
    }
}
