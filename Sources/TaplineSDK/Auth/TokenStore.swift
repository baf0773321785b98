import Foundation
import PaymentCore

/// Where the SDK keeps its secrets between launches: the session's tokens and the device id.
///
/// ``KeychainTokenStore`` is the default on Apple platforms; ``FileTokenStore`` (files of
/// mode 0600) elsewhere; ``MemoryTokenStore`` keeps nothing past the process.
public protocol TokenStore: Sendable {
    /// The item stored under `key`, or nil when there is none.
    func read(_ key: String) throws -> Data?
    /// Stores `data` under `key`, replacing what was there.
    func write(_ data: Data, for key: String) throws
    /// Removes the item under `key`; removing a missing item is not an error.
    func delete(_ key: String) throws
}

/// Keys of the items the SDK stores.
enum TokenStoreKey {
    static let session = "session"
    static let deviceId = "device-id"
}

/// Keeps items in memory only: for tests, and for apps that must not persist a session.
public final class MemoryTokenStore: TokenStore {
    private let items = LockedBox<[String: Data]>([:])

    public init() {}

    public func read(_ key: String) throws -> Data? { items.withLock { $0[key] } }
    public func write(_ data: Data, for key: String) throws { items.withLock { $0[key] = data } }
    public func delete(_ key: String) throws { _ = items.withLock { $0.removeValue(forKey: key) } }
}
