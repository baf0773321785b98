import CardData
@preconcurrency import Crypto
import Foundation
import GatewayAPI
@testable import Gateway
import Logging
import Storage
import StorageSQLite
import Testing
import TestSupport

/// The gateway's keys kept in the database under a master key: one set for the whole fleet,
/// made once however many instances start at once, opened only with the right master key.
@Suite("Keys shared by a fleet, sealed in the database")
struct GatewayKeyVaultTests {
    private func publicKey(_ key: OpeningKey) -> Data { key.privateKey.publicKey.rawRepresentation }

    private func expectSame(_ a: GatewayKeys, _ b: GatewayKeys, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.tokenSigningKey == b.tokenSigningKey, sourceLocation: sourceLocation)
        #expect(a.panHashKey == b.panHashKey, sourceLocation: sourceLocation)
        #expect(a.cardDataKeys.current.keyId == b.cardDataKeys.current.keyId, sourceLocation: sourceLocation)
        #expect(publicKey(a.cardDataKeys.current) == publicKey(b.cardDataKeys.current), sourceLocation: sourceLocation)
    }

    @Test func theFirstStartMakesTheKeysAndEveryLaterStartReadsThem() async throws {
        let store = MemoryStore(), master = MasterKey.generate()
        let first = try await GatewayKeyVault.loadOrCreate(store: store, master: master, now: Date()) { .generate() }
        #expect(first.created)
        let second = try await GatewayKeyVault.loadOrCreate(store: store, master: master, now: Date()) {
            Issue.record("a second start must not make keys")
            return .generate()
        }
        #expect(!second.created)
        expectSame(first.keys, second.keys)
        let stored = try #require(try await store.read { try await $0.sealedKeySet(name: SealedKeySet.gateway) })
        #expect(stored.version == 1)
    }

    @Test func instancesStartingAtOnceAgreeOnOneSet() async throws {
        let store = MemoryStore(), master = MasterKey.generate()
        let results = try await withThrowingTaskGroup(of: (keys: GatewayKeys, version: Int, created: Bool).self) { group in
            for _ in 0..<8 {
                group.addTask { try await GatewayKeyVault.loadOrCreate(store: store, master: master, now: Date()) { .generate() } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter(\.created).count == 1)
        for result in results { expectSame(result.keys, results[0].keys) }
    }

    @Test func anotherMasterKeyIsRefusedClearly() async throws {
        let store = MemoryStore()
        _ = try await GatewayKeyVault.loadOrCreate(store: store, master: .generate(), now: Date()) { .generate() }
        do {
            _ = try await GatewayKeyVault.loadOrCreate(store: store, master: .generate(), now: Date()) { .generate() }
            Issue.record("another master key opened the keys")
        } catch let failure as GatewayKeyVault.Failure {
            #expect(failure.description.contains("master key does not open"))
        }
    }

    @Test func rotationReplacesTheStoredSetAndKeepsTheOldCardKeyAsPrevious() async throws {
        let store = MemoryStore(), master = MasterKey.generate()
        let (original, _, _) = try await GatewayKeyVault.loadOrCreate(store: store, master: master, now: Date()) { .generate() }
        let rotated = try await GatewayKeyVault.update(store: store, master: master, now: Date()) { $0.rotatingCardKey() }
        #expect(rotated.cardDataKeys.previous?.keyId == original.cardDataKeys.current.keyId)
        #expect(rotated.tokenSigningKey == original.tokenSigningKey)
        let (reloaded, _, created) = try await GatewayKeyVault.loadOrCreate(store: store, master: master, now: Date()) { .generate() }
        #expect(!created)
        expectSame(reloaded, rotated)
        #expect(try await store.read { try await $0.sealedKeySet(name: SealedKeySet.gateway) }?.version == 2)
    }

    @Test func aGatewayMovingToTheDatabaseBringsItsKeyFileAlong() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-vault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = GatewayConfiguration()
        configuration.keysPath = directory.appendingPathComponent("keys.json").path
        let fromFile = try GatewayKeys.loadOrCreate(at: configuration.keysPath)
        configuration.masterKey = .generate()
        let store = MemoryStore()
        let inDatabase = try await gatewayKeys(configuration, store: store, logger: Logger(label: "test")).keys
        expectSame(inDatabase, fromFile)
        #expect(try await store.read { try await $0.sealedKeySet(name: SealedKeySet.gateway) } != nil)
    }

    @Test func theDatabaseFileHoldsNoKeyInTheClear() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: Logger(label: "test"))
        let (keys, _, _) = try await GatewayKeyVault.loadOrCreate(store: store, master: .generate(), now: Date()) { .generate() }
        try await store.close()
        let database = file.files.compactMap { FileManager.default.contents(atPath: $0) }.reduce(Data(), +)
        let secrets = [
            keys.tokenSigningKey.withUnsafeBytes { Data($0) }, keys.panHashKey.withUnsafeBytes { Data($0) },
            keys.cardDataKeys.current.privateKey.rawRepresentation,
        ]
        #expect(!database.isEmpty)
        for secret in secrets {
            #expect(database.range(of: secret) == nil)
            #expect(database.range(of: Data(secret.base64EncodedString().utf8)) == nil)
        }
    }

    @Test func aTokenIssuedByOneInstanceIsAcceptedByAnother() async throws {
        let store = MemoryStore(), master = MasterKey.generate()
        let (keysA, _, _) = try await GatewayKeyVault.loadOrCreate(store: store, master: master, now: Date()) { .generate() }
        let (keysB, _, _) = try await GatewayKeyVault.loadOrCreate(store: store, master: master, now: Date()) { .generate() }
        let clock = TestClock()
        let a = try await GatewayHarness.make(store: store, clock: clock, keys: keysA)
        let b = try await GatewayHarness.make(store: store, clock: clock, keys: keysB)
        let (token, sale) = try await a.test { session in (session.token, try await session.pay()) }
        let seenByB = try await b.test { session in try await session.send(.get, "/v1/transactions/\(sale.id)", token: token) }
        #expect(seenByB.status == 200, "\(seenByB.text)")
        #expect(try seenByB.decode(TransactionResource.self).id == sale.id)
    }
}
