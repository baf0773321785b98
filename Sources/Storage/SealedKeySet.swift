import Foundation

/// The gateway's keys as the fleet shares them: one row, the keys sealed (encrypted and
/// authenticated) under a master key only the configuration holds, so a copy of the
/// database alone reveals none of them. The store never sees them in the clear.
public struct SealedKeySet: Sendable, Equatable {
    /// The gateway's one key set is named ``gateway``.
    public static let gateway = "gateway"

    public var name: String
    /// The sealed box (nonce, ciphertext and tag together).
    public var sealed: Data
    /// Goes up by one with every change (a card-key rotation), so an instance can tell
    /// that the keys it started with are no longer the newest.
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(name: String = SealedKeySet.gateway, sealed: Data, version: Int = 1, createdAt: Date, updatedAt: Date) {
        self.name = name
        self.sealed = sealed
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
