@preconcurrency import Crypto
import Foundation
import Logging
import Storage

/// The gateway's keys kept in the database, sealed under the ``MasterKey``, so every
/// instance on that database signs tokens, opens sealed card data and seals webhook secrets
/// with the same keys. The first instance to start creates them; the others read them.
public enum GatewayKeyVault {
    /// Why the keys in the database could not be used.
    public enum Failure: Error, CustomStringConvertible {
        case wrongMasterKey
        case unreadable

        public var description: String {
            switch self {
            case .wrongMasterKey:
                return """
                    the master key does not open the gateway's keys in the database: give tapline serve the master key \
                    this database was written with, in TAPLINE_MASTER_KEY or in a file named by --master-key-file \
                    (TAPLINE_MASTER_KEY_FILE), the same for every instance. Keys cannot be made again: the data made \
                    with them (tokens, card-number hashes, webhook secrets) would no longer match
                    """
            case .unreadable:
                return "the gateway's keys in the database opened but are not a Tapline key set"
            }
        }
    }

    /// The fleet's keys: read them, or, when no instance has made them yet, store
    /// `initial()` (the key file's keys when an operator moves a single gateway to the
    /// database, else new ones). Two instances starting at once on an empty database end up
    /// with the one set whose insert won: the other's insert is a duplicate and it reads.
    public static func loadOrCreate(
        store: any Store, master: MasterKey, now: Date, initial: () throws -> GatewayKeys
    ) async throws -> (keys: GatewayKeys, version: Int, created: Bool) {
        if let (keys, version) = try await stored(store: store, master: master) {
            return (keys, version, false)
        }
        let keys = try initial()
        let record = SealedKeySet(sealed: try seal(keys, with: master), createdAt: now, updatedAt: now)
        do {
            try await store.write { try await $0.insert(record) }
            return (keys, record.version, true)
        } catch StoreError.duplicate {
            guard let (keys, version) = try await stored(store: store, master: master) else {
                throw StoreError.unavailable("the gateway's key set was created and is gone")
            }
            return (keys, version, false)
        }
    }

    /// The stored keys and their version; nil when no instance has stored them yet.
    public static func stored(store: any Store, master: MasterKey) async throws -> (keys: GatewayKeys, version: Int)? {
        guard let stored = try await store.read({ try await $0.sealedKeySet(name: SealedKeySet.gateway) }) else { return nil }
        return (try open(stored, with: master), stored.version)
    }

    /// How a running instance reads the card-data keys again after a rotation (``CardKeyRing``).
    public static func cardKeyReload(store: any Store, master: MasterKey) -> CardKeyRing.Reload {
        {
            guard let (keys, version) = try await stored(store: store, master: master) else { return nil }
            return (keys.cardDataKeys, version)
        }
    }

    /// Replaces the stored keys with `change(current)` in one write, so two rotations at
    /// once cannot lose one. Running instances take the new card-data keys by themselves (``CardKeyRing``).
    public static func update(
        store: any Store, master: MasterKey, now: Date, _ change: @escaping @Sendable (GatewayKeys) -> GatewayKeys
    ) async throws -> GatewayKeys {
        try await store.write { writer in
            guard var stored = try await writer.sealedKeySet(name: SealedKeySet.gateway) else {
                throw StoreError.notFound("the gateway's keys: no instance has started on this database yet")
            }
            let keys = change(try open(stored, with: master))
            stored.sealed = try seal(keys, with: master)
            stored.version += 1
            stored.updatedAt = now
            try await writer.update(stored)
            return keys
        }
    }

    /// AES-GCM under a key derived from the master key for this one use, bound to the set's
    /// name so a sealed box cannot be moved to another row.
    static func seal(_ keys: GatewayKeys, with master: MasterKey, name: String = SealedKeySet.gateway) throws -> Data {
        let box = try AES.GCM.seal(try keys.encoded(), using: sealingKey(master), authenticating: Data(name.utf8))
        guard let combined = box.combined else { throw Failure.unreadable }
        return combined
    }

    static func open(_ stored: SealedKeySet, with master: MasterKey) throws -> GatewayKeys {
        let plain: Data
        do {
            let box = try AES.GCM.SealedBox(combined: stored.sealed)
            plain = try AES.GCM.open(box, using: sealingKey(master), authenticating: Data(stored.name.utf8))
        } catch {
            throw Failure.wrongMasterKey
        }
        guard let (keys, complete) = GatewayKeys.decoded(plain), complete else { throw Failure.unreadable }
        return keys
    }

    private static func sealingKey(_ master: MasterKey) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: master.key, salt: Data("tapline".utf8), info: Data("gateway key set v1".utf8), outputByteCount: 32)
    }
}
