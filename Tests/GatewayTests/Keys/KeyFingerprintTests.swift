@preconcurrency import Crypto
import Foundation
@testable import Gateway
import Storage
import Testing
import TestSupport

/// The database records fingerprints of the keys it was written with, and a start refuses
/// other keys (or none) instead of quietly making new ones that match nothing stored.
@Suite("Keys: the database remembers the keys it was written with")
struct KeyFingerprintTests {
    private func sealedKeySet(in folder: GatewayFolder) async throws -> SealedKeySet? {
        try await folder.withStore { store in try await store.read { try await $0.sealedKeySet(name: SealedKeySet.gateway) } }
    }

    @Test func aFreshDatabaseGetsNewKeysAndRecordsTheirFingerprintsNotTheKeys() async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        let keys = try await folder.startKeys()
        #expect(folder.keyFileExists)
        let recorded = try #require(try await folder.recordedFingerprints())
        #expect(recorded.sameKeys(as: keys.fingerprints(recordedAt: Date())))
        #expect(recorded.tokenSigningKey.count == 64 && recorded.panHashKey.count == 64)
        for key in [keys.tokenSigningKey, keys.panHashKey] {
            let bytes = key.withUnsafeBytes { Data($0) }
            let hex = bytes.map { String(format: "%02x", $0) }.joined()
            #expect(![recorded.tokenSigningKey, recorded.panHashKey].contains { $0.contains(hex) || $0.contains(bytes.base64EncodedString()) })
        }
        // The two keys get different fingerprints even when they were the same key.
        let same = SymmetricKey(size: .bits256)
        let twin = GatewayKeys(tokenSigningKey: same, panHashKey: same, cardDataKeys: keys.cardDataKeys).fingerprints(recordedAt: Date())
        #expect(twin.tokenSigningKey != twin.panHashKey)
    }

    @Test func aDatabaseFromBeforeFingerprintsStartsAndRecordsThem() async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        let keys = try GatewayKeys.loadOrCreate(at: folder.keysPath)
        try await folder.withStore { store in _ = try await MerchantAdmin(store: store).createMerchant(name: "Corner Café") }
        #expect(try await folder.recordedFingerprints() == nil)

        let started = try await folder.startKeys()
        #expect(started.tokenSigningKey == keys.tokenSigningKey)
        #expect(try await folder.recordedFingerprints()?.sameKeys(as: keys.fingerprints(recordedAt: Date())) == true)
    }

    @Test(arguments: [false, true])
    func dataWithoutItsKeyFileIsRefusedAndNoKeysAreMade(withMasterKey: Bool) async throws {
        // A database from before fingerprints, whose key file is gone: only the data tells.
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        try await folder.withStore { store in _ = try await MerchantAdmin(store: store).createMerchant(name: "Corner Café") }
        await #expect(throws: KeyRefusal.missingKeyFile(path: folder.keysPath)) {
            try await folder.startKeys(master: withMasterKey ? .generate() : nil)
        }
        #expect(!folder.keyFileExists)
        #expect(try await sealedKeySet(in: folder) == nil)
        #expect(try await folder.recordedFingerprints() == nil)
    }

    @Test func anotherKeyFileIsRefusedWithTheFingerprintsSideBySide() async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        let written = try await folder.writeDatabase()
        try FileManager.default.removeItem(atPath: folder.keysPath)
        let other = try GatewayKeys.loadOrCreate(at: folder.keysPath)
        do {
            _ = try await folder.startKeys()
            Issue.record("started with another key file")
        } catch let refusal as KeyRefusal {
            guard case .differentKeys(.keyFile(folder.keysPath), let recorded, let found) = refusal else {
                Issue.record("\(refusal)")
                return
            }
            #expect(recorded.sameKeys(as: written.fingerprints(recordedAt: Date())))
            #expect(found.sameKeys(as: other.fingerprints(recordedAt: Date())))
            #expect(refusal.description.contains(String(recorded.tokenSigningKey.prefix(12))))
            #expect(refusal.description.contains("Restore the key file this database was written with to \(folder.keysPath)"))
        }
    }

    @Test func anotherKeyFileIsNotSealedIntoTheDatabaseWhenAMasterKeyArrives() async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        try await folder.writeDatabase()
        try FileManager.default.removeItem(atPath: folder.keysPath)
        _ = try GatewayKeys.loadOrCreate(at: folder.keysPath)
        await #expect(throws: KeyRefusal.self) { try await folder.startKeys(master: .generate()) }
        #expect(try await sealedKeySet(in: folder) == nil)
    }

    @Test func keysSealedInTheDatabaseNeedTheMasterKeyEvenWithAKeyFileAtHand() async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        let master = MasterKey.generate()
        let sealed = try await folder.writeDatabase(master: master)
        #expect(!folder.keyFileExists)
        _ = try GatewayKeys.loadOrCreate(at: folder.keysPath)
        await #expect(throws: KeyRefusal.missingMasterKey) { try await folder.startKeys() }
        // With the master key the start goes on, with the keys it sealed.
        #expect(try await folder.startKeys(master: master).tokenSigningKey == sealed.tokenSigningKey)
    }

    @Test func aWrongMasterKeyIsRefusedNamingWhereTheRightOneGoes() async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        try await folder.writeDatabase(master: .generate())
        do {
            _ = try await folder.startKeys(master: .generate())
            Issue.record("another master key opened the keys")
        } catch let failure as GatewayKeyVault.Failure {
            #expect(failure.description.contains("TAPLINE_MASTER_KEY") && failure.description.contains("--master-key-file"))
        }
    }
}
