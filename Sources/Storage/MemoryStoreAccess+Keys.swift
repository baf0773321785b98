import Foundation

extension MemoryStoreQuerying {
    func sealedKeySet(name: String) async throws -> SealedKeySet? {
        try withState { $0.keySets[name] }
    }

    func keyFingerprints(name: String) async throws -> KeyFingerprints? {
        try withState { $0.keyFingerprints[name] }
    }
}

extension MemoryStoreWriter {
    // The memory store's write already excludes every other writer.
    func lockOpenBatch(merchantId: String) async throws -> Batch? {
        try await openBatch(merchantId: merchantId)
    }

    func lockBatch(id: String, merchantId: String) async throws -> Batch? {
        try await batch(id: id, merchantId: merchantId)
    }

    func insert(_ keys: SealedKeySet) async throws {
        try change { state in
            guard state.keySets[keys.name] == nil else { throw StoreError.duplicate("key set \(keys.name)") }
            state.keySets[keys.name] = keys
        }
    }

    func update(_ keys: SealedKeySet) async throws {
        try change { state in
            guard state.keySets[keys.name] != nil else { throw StoreError.notFound("key set \(keys.name)") }
            state.keySets[keys.name] = keys
        }
    }

    func insert(_ fingerprints: KeyFingerprints) async throws {
        try change { state in
            guard state.keyFingerprints[fingerprints.name] == nil else {
                throw StoreError.duplicate("key fingerprints \(fingerprints.name)")
            }
            state.keyFingerprints[fingerprints.name] = fingerprints
        }
    }
}
