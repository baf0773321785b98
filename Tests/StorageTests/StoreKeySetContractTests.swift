import Foundation
import Storage
import Testing
import TestSupport

/// The fleet's sealed key set, on every store: bytes kept exactly, one per name, versions
/// and dates round-trip, and a second insert is a duplicate (how two starting instances
/// agree on one set). The same for the fingerprints of the keys a database was written with.
@Suite("Store contract: sealed key sets")
struct StoreKeySetContractTests {
    private let sealed = Data((0...255).map { UInt8($0) } + [0, 0, 255])

    @Test(arguments: StoreFactories.all)
    func aKeySetRoundTripsAndIsUpdatedInPlace(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            #expect(try await store.read { try await $0.sealedKeySet(name: SealedKeySet.gateway) } == nil)
            var keys = SealedKeySet(sealed: sealed, createdAt: Fixtures.date(1_000), updatedAt: Fixtures.date(1_000))
            try await store.write { [keys] in try await $0.insert(keys) }
            #expect(try await store.read { try await $0.sealedKeySet(name: SealedKeySet.gateway) } == keys)

            keys.sealed = Data([1, 2, 3])
            keys.version = 2
            keys.updatedAt = Fixtures.date(2_345)
            try await store.write { [keys] in try await $0.update(keys) }
            #expect(try await store.read { try await $0.sealedKeySet(name: SealedKeySet.gateway) } == keys)
            #expect(try await store.read { try await $0.sealedKeySet(name: "other") } == nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aSecondInsertIsADuplicateAndAnUnknownUpdateNotFound(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let first = SealedKeySet(sealed: Data([1]), createdAt: Fixtures.date(1), updatedAt: Fixtures.date(1))
            let second = SealedKeySet(sealed: Data([2]), createdAt: Fixtures.date(2), updatedAt: Fixtures.date(2))
            try await store.write { try await $0.insert(first) }
            await expectStoreError(.duplicate) { try await store.write { try await $0.insert(second) } }
            #expect(try await store.read { try await $0.sealedKeySet(name: SealedKeySet.gateway) } == first)

            let unknown = SealedKeySet(name: "unknown", sealed: Data([3]), createdAt: Fixtures.date(3), updatedAt: Fixtures.date(3))
            await expectStoreError(.notFound) { try await store.write { try await $0.update(unknown) } }
        }
    }

    @Test(arguments: StoreFactories.all)
    func keyFingerprintsRoundTripAndAreRecordedOnce(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            #expect(try await store.read { try await $0.keyFingerprints(name: KeyFingerprints.gateway) } == nil)
            let first = KeyFingerprints(
                tokenSigningKey: String(repeating: "0a", count: 32), panHashKey: String(repeating: "f1", count: 32),
                recordedAt: Fixtures.date(1_234))
            try await store.write { try await $0.insert(first) }
            #expect(try await store.read { try await $0.keyFingerprints(name: KeyFingerprints.gateway) } == first)

            // A second instance recording other keys loses, and the first record stays.
            let second = KeyFingerprints(tokenSigningKey: "other", panHashKey: "other", recordedAt: Fixtures.date(2_000))
            await expectStoreError(.duplicate) { try await store.write { try await $0.insert(second) } }
            #expect(try await store.read { try await $0.keyFingerprints(name: KeyFingerprints.gateway) } == first)
            #expect(try await store.read { try await $0.keyFingerprints(name: "other") } == nil)
        }
    }
}
