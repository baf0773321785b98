import Foundation
import GatewayAPI
import HTTPTypes
import Storage
import Testing
import TestSupport

/// A database that cannot be reached answers 503 with a retry hint, and the gateway serves
/// again as soon as it is back, without a restart.
@Suite("Database unavailable")
struct DatabaseUnavailableTests {
    /// A store that fails every call while `down` is set, as a database being restarted does.
    final class FlakyStore: Store {
        let inner = MemoryStore()
        let down = Locked(false)

        func write<T: Sendable>(_ body: @Sendable (any StoreWriter) async throws -> T) async throws -> T {
            if down.withLock({ $0 }) { throw StoreError.unavailable("connection refused") }
            return try await inner.write(body)
        }

        func read<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
            if down.withLock({ $0 }) { throw StoreError.unavailable("connection refused") }
            return try await inner.read(body)
        }

        func close() async throws { try await inner.close() }
    }

    @Test func requestsGet503WhileTheDatabaseIsDownAndWorkAgainAfter() async throws {
        let store = FlakyStore()
        let harness = try await GatewayHarness.make(store: store)
        try await harness.test { session in
            _ = try await session.pay(amount: 1_000)
            store.down.withLock { $0 = true }
            let refused = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 2_000))
            #expect(refused.status == 503)
            #expect(refused.error?.code == "service_unavailable")
            #expect(refused.headers[.retryAfter] == "1")
            #expect(!refused.text.contains("connection refused"), "the cause goes to the log, not to the client")

            store.down.withLock { $0 = false }
            #expect(try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 2_000)).status == 201)
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.total == 2, "the refused sale left nothing")
        }
    }
}
