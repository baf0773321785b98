import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// Merchants, API clients, refresh tokens, idempotency records and batches, on every store.
@Suite("Store contract: records")
struct StoreRecordContractTests {
    @Test(arguments: StoreFactories.all)
    func merchants(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let later = Fixtures.merchant(id: "m_a", createdAt: Fixtures.minutes(5))
            let earlier = Fixtures.merchant(id: "m_b", createdAt: Fixtures.minutes(1))
            try await store.write { try await $0.insert(later); try await $0.insert(earlier) }
            #expect(try await store.read { try await $0.merchant(id: "m_a") } == later)
            #expect(try await store.read { try await $0.merchants() } == [earlier, later])
            #expect(try await store.read { try await $0.merchant(id: "nope") } == nil)

            var changed = later
            changed.name = "Renamed"
            changed.authorizationWindow = 3_600.5
            changed.paymentSettings.tipPercentages = [10, 12, 25]
            try await store.write { [changed] in try await $0.update(changed) }
            #expect(try await store.read { try await $0.merchant(id: "m_a") } == changed)

            await expectStoreError(.duplicate) { try await store.write { try await $0.insert(earlier) } }
            await expectStoreError(.notFound) { try await store.write { try await $0.update(Fixtures.merchant(id: "nope")) } }
        }
    }

    @Test(arguments: StoreFactories.all)
    func apiClients(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let second = Fixtures.apiClient(id: "c_2", createdAt: Fixtures.minutes(2))
            let first = Fixtures.apiClient(id: "c_1", createdAt: Fixtures.minutes(1))
            let other = Fixtures.apiClient(id: "c_3", merchantId: "m_2")
            try await store.write { for client in [second, first, other] { try await $0.insert(client) } }
            #expect(try await store.read { try await $0.apiClient(id: "c_1") } == first)
            #expect(try await store.read { try await $0.apiClients(merchantId: "m_1") } == [first, second])

            var revoked = first
            revoked.revokedAt = Fixtures.date(90_001)
            revoked.permissions = []
            try await store.write { [revoked] in try await $0.update(revoked) }
            #expect(try await store.read { try await $0.apiClient(id: "c_1") } == revoked)

            await expectStoreError(.duplicate) { try await store.write { try await $0.insert(first) } }
            await expectStoreError(.notFound) { try await store.write { try await $0.update(Fixtures.apiClient(id: "nope")) } }
            // An update cannot move a client to another merchant.
            await expectStoreError(.notFound) {
                try await store.write { try await $0.update(Fixtures.apiClient(id: "c_1", merchantId: "m_2")) }
            }
            await expectStoreError(.notFound) {
                try await store.write { try await $0.insert(Fixtures.apiClient(id: "c_9", merchantId: "m_unknown")) }
            }
        }
    }

    @Test(arguments: StoreFactories.all)
    func refreshTokensRotateAndRevokeByFamily(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let tokens = [
                Fixtures.refreshToken(hash: "rt_1", familyId: "f_1"),
                Fixtures.refreshToken(hash: "rt_2", familyId: "f_1"),
                Fixtures.refreshToken(hash: "rt_3", familyId: "f_2"),
            ]
            try await store.write { writer in
                try await writer.insert(Fixtures.apiClient())
                for token in tokens { try await writer.insert(token) }
            }
            #expect(try await store.read { try await $0.refreshToken(hash: "rt_1") } == tokens[0])
            #expect(try await store.read { try await $0.refreshToken(hash: "nope") } == nil)

            var used = tokens[0]
            used.usedAt = Fixtures.date(1_500)
            try await store.write { [used] in try await $0.update(used) }
            #expect(try await store.read { try await $0.refreshToken(hash: "rt_1") } == used)

            try await store.write { try await $0.revokeRefreshTokens(familyId: "f_1") }
            let after = try await store.read { reader in
                try await ["rt_1", "rt_2", "rt_3"].asyncMap { try await reader.refreshToken(hash: $0)?.revoked }
            }
            #expect(after == [true, true, false])

            await expectStoreError(.duplicate) { try await store.write { try await $0.insert(tokens[2]) } }
            await expectStoreError(.notFound) { try await store.write { try await $0.update(Fixtures.refreshToken(hash: "nope")) } }
            await expectStoreError(.notFound) {
                try await store.write { try await $0.insert(Fixtures.refreshToken(hash: "rt_9", clientId: "c_unknown")) }
            }
        }
    }

    @Test(arguments: StoreFactories.all)
    func idempotencyRecords(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var withFormat = Fixtures.idempotencyRecord(key: "k")
            withFormat.responseFormat = "koard"
            let record = withFormat
            // No format: a record from before formats were kept.
            let sameKeyOtherMerchant = Fixtures.idempotencyRecord(merchantId: "m_2", key: "k")
            try await store.write { try await $0.insert(record); try await $0.insert(sameKeyOtherMerchant) }
            #expect(try await store.read { try await $0.idempotencyRecord(merchantId: "m_1", key: "k") } == record)
            #expect(try await store.read { try await $0.idempotencyRecord(merchantId: "m_2", key: "k") } == sameKeyOtherMerchant)
            await expectStoreError(.duplicate) { try await store.write { try await $0.insert(record) } }

            for body in [Data([0x7b, 0x00, 0xff, 0x7d]), Data()] {
                var completed = record
                completed.state = .completed
                completed.responseStatus = 201
                completed.responseBody = body
                completed.transactionId = "t_1"
                try await store.write { [completed] in try await $0.update(completed) }
                #expect(try await store.read { try await $0.idempotencyRecord(merchantId: "m_1", key: "k") } == completed)
            }

            try await store.write { try await $0.deleteIdempotencyRecord(merchantId: "m_1", key: "k") }
            #expect(try await store.read { try await $0.idempotencyRecord(merchantId: "m_1", key: "k") } == nil)
            #expect(try await store.read { try await $0.idempotencyRecord(merchantId: "m_2", key: "k") } != nil)
            await expectStoreError(.notFound) { try await store.write { try await $0.update(record) } }
        }
    }

    @Test(arguments: StoreFactories.all)
    func staleIdempotencyRecordsAreInProgressAndOlderThanTheCutoff(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let records = [
                Fixtures.idempotencyRecord(merchantId: "m_2", key: "old", createdAt: Fixtures.minutes(1)),
                Fixtures.idempotencyRecord(key: "oldest", createdAt: Fixtures.minutes(0)),
                Fixtures.idempotencyRecord(key: "done", state: .completed, createdAt: Fixtures.minutes(0)),
                Fixtures.idempotencyRecord(key: "at-cutoff", createdAt: Fixtures.minutes(5)),
                Fixtures.idempotencyRecord(key: "new", createdAt: Fixtures.minutes(9)),
            ]
            try await store.write { for record in records { try await $0.insert(record) } }
            let stale = try await store.read { try await $0.staleIdempotencyRecords(createdBefore: Fixtures.minutes(5)) }
            #expect(stale.map(\.key) == ["oldest", "old"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func batches(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var closed = Fixtures.batch(id: "b_1", openedAt: Fixtures.minutes(0))
            closed.closedAt = Fixtures.minutes(5)
            closed.transactionCount = 3
            closed.totals = ["USD": 12_345, "EUR": 1, "JPY": Int64.max]
            var open = Fixtures.batch(id: "b_2", openedAt: Fixtures.minutes(10))
            let othersOpen = Fixtures.batch(id: "b_3", merchantId: "m_2", openedAt: Fixtures.minutes(20))
            try await store.write { [closed, open] in for batch in [closed, open, othersOpen] { try await $0.insert(batch) } }

            #expect(try await store.read { try await $0.batch(id: "b_1", merchantId: "m_1") } == closed)
            #expect(try await store.read { try await $0.batch(id: "b_1", merchantId: "m_2") } == nil)
            #expect(try await store.read { try await $0.batches(merchantId: "m_1") } == [open, closed])
            #expect(try await store.read { try await $0.openBatch(merchantId: "m_1") } == open)

            open.closedAt = Fixtures.minutes(30)
            try await store.write { [open] in try await $0.update(open) }
            #expect(try await store.read { try await $0.openBatch(merchantId: "m_1") } == nil)
            #expect(try await store.read { try await $0.openBatch(merchantId: "m_2") } == othersOpen)

            await expectStoreError(.duplicate) { try await store.write { [closed] in try await $0.insert(closed) } }
            await expectStoreError(.notFound) { try await store.write { try await $0.update(Fixtures.batch(id: "b_9")) } }
            await expectStoreError(.notFound) {
                try await store.write { try await $0.update(Fixtures.batch(id: "b_1", merchantId: "m_2")) }
            }
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
