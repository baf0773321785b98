import Foundation
@testable import Gateway
import Logging
import Storage
import StorageSQLite
import Testing
import TestSupport

/// The demo merchant a first start makes: one, however many instances start at once.
@Suite("First start: one demo merchant")
struct DemoMerchantTests {
    private func admins(_ store: any Store, count: Int) -> [MerchantAdmin] {
        (0..<count).map { _ in MerchantAdmin(store: store, now: { Date() }, makeId: { UUID().uuidString.lowercased() }) }
    }

    private func startAtOnce(_ admins: [MerchantAdmin]) async throws -> Int {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for admin in admins { group.addTask { try await admin.createDemoMerchantIfEmpty() != nil } }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    @Test func instancesStartingAtOnceMakeOneDemoMerchantWithOneClient() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let sqlite = try await SQLiteStore.open(path: file.path, logger: Logger(label: "test"))
        for store in [MemoryStore(), sqlite] as [any Store] {
            #expect(try await startAtOnce(admins(store, count: 6)) == 1)
            let merchants = try await store.read { try await $0.merchants() }
            #expect(merchants.map(\.id) == [MerchantAdmin.demoMerchantId])
            #expect(try await store.read { try await $0.apiClients(merchantId: MerchantAdmin.demoMerchantId) }.count == 1)
        }
        try await sqlite.close()
    }

    @Test func aStoreWithMerchantsGetsNoDemoMerchant() async throws {
        let store = MemoryStore()
        let admin = admins(store, count: 1)[0]
        _ = try await admin.createMerchant(name: "Real shop")
        #expect(try await admin.createDemoMerchantIfEmpty() == nil)
        #expect(try await store.read { try await $0.merchants() }.count == 1)
    }
}
