import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import Processing
import Storage
import Testing
import TestSupport

/// What the acquirer link does when the host fails it: silence, a dead host, a restart.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerFailureTests {
    /// The no-answer card: the sale ends failed with 504, and the reversal of the exact
    /// request is acknowledged, so nothing stays owed.
    @Test func aSilentHostGetsAReversalOfTheUnansweredSale() async throws {
        try await AcquirerHarness.with(processorTimeout: .milliseconds(300)) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: TestCards.noAnswer.pan))
                #expect(reply.status == 504)
                #expect(reply.error?.code == "processor_timeout")
            }
            // The client was answered once the reversal was owed; it goes out in the background.
            await acquirer.waitForLog("reversal acknowledged")
            let sale = try #require(try acquirer.host.received("0200").first)
            let reversal = try #require(try acquirer.host.received("0400").first)
            let named = try #require(reversal["90"] as? String)
            #expect(named.hasPrefix("0200" + (sale["11"] as? String ?? "") + (sale["7"] as? String ?? "")))
            #expect(reversal["2"] == nil && reversal["35"] == nil)
            #expect(try await acquirer.gateway.store.read { try await $0.duePendingReversals(at: .distantFuture, limit: 10) }.isEmpty)
        }
    }

    /// The host ignores the first two reversals: the reversal stays owed and is repeated as
    /// 0401 until a 0410 comes, by a later gateway on the same database too.
    @Test func anUnacknowledgedReversalIsRepeatedUntilAcknowledgedAcrossARestart() async throws {
        let host = try AcquirerHostProcess(flags: ["--ignore-reversals", "2"])
        let store = MemoryStore()
        let first = try await AcquirerHarness.make(store: store, host: host, processorTimeout: .milliseconds(300))
        try await first.gateway.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: TestCards.noAnswer.pan))
            #expect(reply.status == 504)
        }
        await first.waitForLog("reversal not acknowledged; will repeat")
        let owed = try await store.read { try await $0.duePendingReversals(at: .distantFuture, limit: 10) }
        #expect(owed.count == 1 && owed.first?.attempts == 1)
        await first.stopLink()

        // "Restart": a new link and gateway on the same database and host.
        let second = try await AcquirerHarness.make(store: store, host: host, processorTimeout: .milliseconds(300))
        // Due now: the forwarder sends it as 0401; the host ignores this one too.
        try await store.write { try await $0.recordReversalAttempt(id: owed[0].id, nextAttemptAt: .distantPast) }
        #expect(try await second.link.forwardDueReversals() == 0)
        try await store.write { try await $0.recordReversalAttempt(id: owed[0].id, nextAttemptAt: .distantPast) }
        #expect(try await second.link.forwardDueReversals() == 1)
        #expect(try await store.read { try await $0.duePendingReversals(at: .distantFuture, limit: 10) }.isEmpty)
        #expect(try host.received("0400").count == 1)
        #expect(try host.received("0401").count >= 1)
        // The restarted gateway's sale takes a STAN the first never used on the terminal
        // (0401 repeats keep their 0400's STAN, so they are left out).
        try await second.gateway.test { (session: TestSession) async throws in
            #expect(try await session.pay().status == .captured)
        }
        let stans = try (host.received("0200") + host.received("0400")).compactMap { $0["11"] as? String }
        #expect(stans.count == 3 && Set(stans).count == 3)
        await second.stop()
    }

    @Test func aHostDownAtStartMeans503AtOnceAndNotReady() async throws {
        // A port nobody listens on: the link starts, and keeps trying.
        let refusing = try LoopbackPort()
        var settings = AcquirerLinkSettings(host: "127.0.0.1", port: refusing.port)
        settings.zonePINKeyHex = AcquirerHarness.zonePINKey
        let store = MemoryStore()
        let link = try AcquirerLink(settings, store: store, logger: Logger(label: "acquirer-test"))
        let runner = Task { await link.run() }
        let gateway = try await GatewayHarness.make(store: store, processor: link.processor)
        try await gateway.test { (session: TestSession) async throws in
            let ready = try await session.client.execute(uri: APIPath.ready, method: .get) { $0.status.code }
            #expect(ready == 503)
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
            #expect(reply.status == 503)
            #expect(reply.error?.code == "processor_unavailable")
        }
        runner.cancel()
        await runner.value
    }

    /// 200 sales at once over two connections: each gets its own answer (the amounts differ,
    /// and each payment is approved for exactly its own).
    @Test func twoHundredConcurrentSalesAreAllMatched() async throws {
        try await AcquirerHarness.with { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let amounts = (1...200).map { Int64(10_000 + $0 * 100) }
                let results = try await withThrowingTaskGroup(of: (Int64, TransactionResource).self) { group in
                    for amount in amounts {
                        group.addTask { (amount, try await session.pay(amount: amount)) }
                    }
                    return try await group.reduce(into: [(Int64, TransactionResource)]()) { $0.append($1) }
                }
                #expect(results.count == 200)
                #expect(results.allSatisfy { $0.1.status == .captured && $0.1.amounts?.captured == $0.0 })
                #expect(Set(results.compactMap { $0.1.processor?.authorizationCode }).count == 200)
            }
            let connections = Set(try acquirer.host.journal().filter { $0["mti"] as? String == "0200" }.compactMap { $0["connection"] as? Int })
            #expect(connections.count == 2)
        }
    }
}
