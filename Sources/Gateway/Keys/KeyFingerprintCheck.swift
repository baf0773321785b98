import Foundation
import Storage

/// What a database says about the keys it was written with, read before `tapline serve`
/// takes any keys: the recorded fingerprints, whether its keys are sealed in it, and whether
/// it holds data. New keys are made only for a database that has neither fingerprints nor
/// data; any other start must bring the keys the fingerprints name (``KeyRefusal``).
struct KeyFingerprintCheck: Sendable {
    let recorded: KeyFingerprints?
    /// A master key sealed the keys into this database (``GatewayKeyVault``).
    let sealedInDatabase: Bool
    let hasData: Bool

    static func read(_ store: any Store) async throws -> KeyFingerprintCheck {
        try await store.read { reader in
            KeyFingerprintCheck(
                recorded: try await reader.keyFingerprints(name: KeyFingerprints.gateway),
                sealedInDatabase: try await reader.sealedKeySet(name: SealedKeySet.gateway) != nil,
                hasData: !(try await reader.merchants().isEmpty))
        }
    }

    /// Only a database with nothing made under keys may get new ones.
    var mayMakeNewKeys: Bool { recorded == nil && !hasData }

    /// Throws when fingerprints are recorded and `keys` are not the keys they name.
    func expectRecorded(_ keys: GatewayKeys, source: KeyRefusal.Source) throws {
        guard let recorded else { return }
        try Self.expect(keys.fingerprints(recordedAt: recorded.recordedAt), matches: recorded, source: source)
    }

    /// Checks `keys` against the recorded fingerprints, or records theirs when there are none
    /// yet (a fresh database, or one from before fingerprints were kept). True when it recorded.
    /// Two instances recording at once: one insert wins, the other compares with it.
    func verifyOrRecord(_ keys: GatewayKeys, source: KeyRefusal.Source, store: any Store, now: Date) async throws -> Bool {
        let found = keys.fingerprints(recordedAt: now)
        if let recorded {
            try Self.expect(found, matches: recorded, source: source)
            return false
        }
        do {
            try await store.write { try await $0.insert(found) }
            return true
        } catch StoreError.duplicate {
            guard let recorded = try await store.read({ try await $0.keyFingerprints(name: KeyFingerprints.gateway) }) else {
                throw StoreError.unavailable("the key fingerprints were recorded and are gone")
            }
            try Self.expect(found, matches: recorded, source: source)
            return false
        }
    }

    private static func expect(_ found: KeyFingerprints, matches recorded: KeyFingerprints, source: KeyRefusal.Source) throws {
        guard found.sameKeys(as: recorded) else {
            throw KeyRefusal.differentKeys(source: source, recorded: recorded, found: found)
        }
    }
}
