@preconcurrency import Crypto
import Foundation

/// The gateway's card-data public key as a reader sees it: what `paymentCardData` is sealed to.
public struct SealingKey: Sendable {
    /// Names the key in the JWE `kid` header, so the gateway knows which private key opens it.
    public let keyId: String
    public let publicKey: P256.KeyAgreement.PublicKey
    /// The merchant and device of the reader token the key came from; every payload sealed
    /// with the key carries it, and the gateway takes the payload only from them.
    public let binding: ReaderBinding?

    public init(keyId: String, publicKey: P256.KeyAgreement.PublicKey, binding: ReaderBinding? = nil) {
        self.keyId = keyId
        self.publicKey = publicKey
        self.binding = binding
    }

    /// The same key, sealing for `binding`'s merchant and device.
    public func bound(to binding: ReaderBinding) -> SealingKey {
        SealingKey(keyId: keyId, publicKey: publicKey, binding: binding)
    }
}

/// A gateway card-data key pair: the private half opens what readers sealed to the public half.
public struct OpeningKey: Sendable {
    public let keyId: String
    public let privateKey: P256.KeyAgreement.PrivateKey

    public init(keyId: String, privateKey: P256.KeyAgreement.PrivateKey) {
        self.keyId = keyId
        self.privateKey = privateKey
    }

    /// A new random key pair.
    public static func generate(keyId: String) -> OpeningKey {
        OpeningKey(keyId: keyId, privateKey: P256.KeyAgreement.PrivateKey())
    }

    /// The public half, to hand to readers.
    public var sealingKey: SealingKey { SealingKey(keyId: keyId, publicKey: privateKey.publicKey) }
}

/// The keys the gateway opens card data with: the current one, which readers are given,
/// and the previous one, so payloads sealed just before a rotation still open.
public struct OpeningKeyRing: Sendable {
    public let current: OpeningKey
    public let previous: OpeningKey?

    public init(current: OpeningKey, previous: OpeningKey? = nil) {
        self.current = current
        self.previous = previous
    }

    /// The key named by a JWE `kid`, if the ring holds it.
    public func key(id: String) -> OpeningKey? {
        if current.keyId == id { return current }
        if let previous, previous.keyId == id { return previous }
        return nil
    }

    /// A ring whose current key is `next` and whose previous key is today's current one.
    public func rotated(to next: OpeningKey) -> OpeningKeyRing {
        OpeningKeyRing(current: next, previous: current)
    }
}
