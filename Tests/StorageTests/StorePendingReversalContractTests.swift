import Foundation
import Storage
import Testing
import TestSupport

/// The acquirer link's reversal queue (store and forward), on every store: kept exactly,
/// queued once per operation, due soonest first, tries counted, forgotten when acknowledged.
@Suite("Store contract: pending reversals")
struct StorePendingReversalContractTests {
    /// A reversal of merchant m_1 created `minute` minutes after the epoch, due then.
    static func reversal(_ id: String, minute: Int64 = 0, dueMinute: Int64? = nil, message: String = "{}") -> PendingReversal {
        PendingReversal(
            id: id, merchantId: "m_1", terminalId: "TERM0001", message: message, createdAt: Fixtures.minutes(minute),
            nextAttemptAt: Fixtures.minutes(dueMinute ?? minute))
    }

    /// What a link might keep: JSON with quotes, escapes, non-ASCII and a line break, 4 KB long.
    static let message = #"{"mti":"0400","stan":"000042","f90":"01000000421123180102","note":"Zoë \"quoted\"\n"}"#
        + String(repeating: "x", count: 4_000)

    @Test(arguments: StoreFactories.all)
    func aReversalRoundTripsEveryField(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var reversal = Self.reversal("t_lost", minute: 3, dueMinute: 4, message: Self.message)
            reversal.attempts = 2
            reversal.merchantId = "m_2"
            reversal.terminalId = "T 2"
            let queued = try await store.write { [reversal] in try await $0.enqueue(reversal) }
            #expect(queued)
            #expect(try await store.read { try await $0.pendingReversal(id: "t_lost") } == reversal)
            #expect(try await store.read { try await $0.pendingReversal(id: "t_other") } == nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aSecondEnqueueOfTheSameOperationChangesNothing(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let first = Self.reversal("t_lost", minute: 1, message: "first")
            let again = Self.reversal("t_lost", minute: 2, message: "second")
            #expect(try await store.write { try await $0.enqueue(first) })
            #expect(try await store.write { try await $0.enqueue(again) } == false)
            // In one write too, and the write goes on after it.
            let answers = try await store.write { writer in
                [try await writer.enqueue(again), try await writer.enqueue(Self.reversal("t_next"))]
            }
            #expect(answers == [false, true])
            #expect(try await store.read { try await $0.pendingReversal(id: "t_lost") } == first)
            #expect(try await store.read { try await $0.pendingReversal(id: "t_next") } != nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aReversalNeedsItsMerchantAndAFailedWriteQueuesNothing(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var stranger = Self.reversal("t_stranger")
            stranger.merchantId = "m_unknown"
            await expectStoreError(.notFound) { _ = try await store.write { [stranger] in try await $0.enqueue(stranger) } }
            await #expect(throws: DeliberateFailure.self) {
                try await store.write { writer in
                    try await writer.enqueue(Self.reversal("t_lost"))
                    throw DeliberateFailure()
                }
            }
            #expect(try await store.read { try await $0.pendingReversal(id: "t_lost") } == nil)
            #expect(try await store.read { try await $0.duePendingReversals(at: Fixtures.minutes(60), limit: 10) } == [])
        }
    }

    @Test(arguments: StoreFactories.all)
    func dueReversalsComeSoonestFirstThenOldestAndAreLimited(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let reversals = [
                Self.reversal("r_late", minute: 0, dueMinute: 9),
                Self.reversal("r_b", minute: 2, dueMinute: 5),
                Self.reversal("r_a", minute: 2, dueMinute: 5),
                Self.reversal("r_old", minute: 1, dueMinute: 5),
                Self.reversal("r_first", minute: 4, dueMinute: 4),
                Self.reversal("r_future", minute: 0, dueMinute: 11),
            ]
            try await store.write { writer in for reversal in reversals { try await writer.enqueue(reversal) } }
            func due(_ minute: Int64, limit: Int = 10) async throws -> [String] {
                try await store.read { try await $0.duePendingReversals(at: Fixtures.minutes(minute), limit: limit) }.map(\.id)
            }
            #expect(try await due(10) == ["r_first", "r_old", "r_a", "r_b", "r_late"])
            #expect(try await due(10, limit: 2) == ["r_first", "r_old"])
            #expect(try await due(5) == ["r_first", "r_old", "r_a", "r_b"], "due at exactly its time")
            #expect(try await due(3) == [])
            #expect(try await due(60, limit: 0) == [])
            #expect(try await due(60, limit: -1) == [])
            // A write sees the same (and on PostgreSQL claims them until it ends).
            #expect(try await store.write { try await $0.duePendingReversals(at: Fixtures.minutes(10), limit: 3) }.map(\.id)
                == ["r_first", "r_old", "r_a"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func anAttemptIsCountedAndMovesTheNextTry(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { try await $0.enqueue(Self.reversal("t_lost", minute: 1)) }
            try await store.write { try await $0.recordReversalAttempt(id: "t_lost", nextAttemptAt: Fixtures.minutes(2)) }
            try await store.write { try await $0.recordReversalAttempt(id: "t_lost", nextAttemptAt: Fixtures.minutes(6)) }
            let tried = try #require(try await store.read { try await $0.pendingReversal(id: "t_lost") })
            #expect(tried.attempts == 2)
            #expect(tried.nextAttemptAt == Fixtures.minutes(6))
            #expect(tried.createdAt == Fixtures.minutes(1), "the rest is kept")
            #expect(try await store.read { try await $0.duePendingReversals(at: Fixtures.minutes(5), limit: 10) } == [])
            #expect(try await store.read { try await $0.duePendingReversals(at: Fixtures.minutes(6), limit: 10) } == [tried])
            await expectStoreError(.notFound) {
                try await store.write { try await $0.recordReversalAttempt(id: "t_unknown", nextAttemptAt: Fixtures.minutes(6)) }
            }
        }
    }

    @Test(arguments: StoreFactories.all)
    func anAcknowledgedReversalIsForgotten(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { writer in
                try await writer.enqueue(Self.reversal("t_lost"))
                try await writer.enqueue(Self.reversal("t_kept"))
            }
            #expect(try await store.write { try await $0.deletePendingReversal(id: "t_lost") })
            #expect(try await store.write { try await $0.deletePendingReversal(id: "t_lost") } == false, "acknowledged twice")
            #expect(try await store.read { try await $0.pendingReversal(id: "t_lost") } == nil)
            #expect(try await store.read { try await $0.duePendingReversals(at: Fixtures.minutes(1), limit: 10) }.map(\.id) == ["t_kept"])
        }
    }
}
