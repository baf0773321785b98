import Foundation
import Storage
import Testing
import TestSupport

/// What instances sharing a database keep about each other, on every store: heartbeats that
/// tell a live instance from a dead one, and the lease that lets one instance send an owed
/// reversal.
@Suite("Store contract: heartbeats and the reversal lease")
struct StoreFleetLeaseContractTests {
    static func instance(_ id: String, started: Int64, seen: Int64) -> GatewayInstance {
        GatewayInstance(id: id, startedAt: Fixtures.minutes(started), seenAt: Fixtures.minutes(seen))
    }

    @Test(arguments: StoreFactories.all)
    func aHeartbeatMovesSeenButKeepsTheFirstStart(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.write { try await $0.recordHeartbeat(Self.instance("a", started: 1, seen: 1)) }
            try await store.write { try await $0.recordHeartbeat(Self.instance("b", started: 2, seen: 2)) }
            // A later beat that names another start (a caller's mistake) keeps the first.
            try await store.write { try await $0.recordHeartbeat(Self.instance("a", started: 9, seen: 5)) }
            let live = try await store.read { try await $0.liveInstances(seenSince: Fixtures.minutes(0)) }
            #expect(live == [Self.instance("a", started: 1, seen: 5), Self.instance("b", started: 2, seen: 2)])
            #expect(try await store.read { try await $0.liveInstances(seenSince: Fixtures.minutes(3)) }.map(\.id) == ["a"])
            #expect(try await store.read { try await $0.liveInstances(seenSince: Fixtures.minutes(6)) }.isEmpty)
        }
    }

    @Test(arguments: StoreFactories.all)
    func longDeadInstancesAreForgotten(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.write { try await $0.recordHeartbeat(Self.instance("old", started: 1, seen: 2)) }
            try await store.write { try await $0.recordHeartbeat(Self.instance("new", started: 3, seen: 4)) }
            #expect(try await store.write { try await $0.deleteInstances(seenBefore: Fixtures.minutes(3)) } == 1)
            #expect(try await store.read { try await $0.liveInstances(seenSince: Fixtures.minutes(0)) }.map(\.id) == ["new"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func aDueReversalIsClaimedOnceUntilTheLeaseEnds(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            _ = try await store.write { try await $0.enqueue(StorePendingReversalContractTests.reversal("t_lost", minute: 1)) }
            func claim(at minute: Int64, until: Int64) async throws -> Bool {
                try await store.write { try await $0.claimPendingReversal(id: "t_lost", dueAt: Fixtures.minutes(minute), until: Fixtures.minutes(until)) }
            }
            #expect(try await claim(at: 0, until: 5) == false, "not due yet")
            #expect(try await claim(at: 2, until: 5), "the first claim takes it")
            #expect(try await claim(at: 2, until: 6) == false, "a second instance at the same time does not")
            #expect(try await store.read { try await $0.duePendingReversals(at: Fixtures.minutes(4), limit: 10) }.isEmpty)
            #expect(try await store.read { try await $0.pendingReversal(id: "t_lost") }?.attempts == 0, "a claim is not an attempt")
            #expect(try await claim(at: 5, until: 8), "a lease whose holder died ends")
            #expect(try await store.write { try await $0.claimPendingReversal(id: "t_other", dueAt: Fixtures.minutes(9), until: Fixtures.minutes(10)) } == false)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aReleasedReversalIsDueAgainAsItWas(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            _ = try await store.write { try await $0.enqueue(StorePendingReversalContractTests.reversal("t_lost", minute: 1)) }
            #expect(try await store.write { try await $0.claimPendingReversal(id: "t_lost", dueAt: Fixtures.minutes(2), until: Fixtures.minutes(5)) })
            _ = try await store.write { try await $0.releasePendingReversal(id: "t_lost", dueAt: Fixtures.minutes(1)) }
            let due = try await store.read { try await $0.duePendingReversals(at: Fixtures.minutes(2), limit: 10) }
            #expect(due.map(\.id) == ["t_lost"])
            #expect(due.first?.nextAttemptAt == Fixtures.minutes(1))
            #expect(due.first?.attempts == 0)
            // Releasing what is gone changes nothing.
            _ = try await store.write { try await $0.releasePendingReversal(id: "t_gone", dueAt: Fixtures.minutes(1)) }
        }
    }
}
