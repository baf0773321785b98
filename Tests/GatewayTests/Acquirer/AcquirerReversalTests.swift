import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Processing
import Testing
import TestSupport

/// Reversals owed to the host (issue 24, item 5): the client hears at the gateway's deadline
/// and the reversal goes out in the background; an approval nothing could follow up is
/// reversed; the first reversal the host sees is always a 0400.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerReversalTests {
    /// The host answers neither the sale nor its reversal while it is paused. The client gets
    /// its 504 at the gateway's deadline with the reversal stored as owed, while the host has
    /// not even read the 0400; once it runs again its 0410 settles the reversal, sent once.
    /// (The old gateway waited for the 0410 before answering: a second deadline, after which
    /// the 0410 found nobody waiting.)
    @Test func anUnansweredSaleIsAnsweredAtTheDeadlineAndItsReversalSentInTheBackground() async throws {
        // The link waits for each answer as long as production does; the gateway's deadline is
        // short. No echo test while the host is paused: on a loaded machine the pause outlasted
        // the echo interval, the unanswered echo closed the connections, and the reversal was
        // then owed to the job rounds (which this harness does not run) instead of sent.
        try await AcquirerHarness.with(processorTimeout: .seconds(120), gatewayTimeout: .seconds(2),
                                       echoInterval: .seconds(3_600)) { acquirer in
            acquirer.host.pause()
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: TestCards.noAnswer.pan))
                #expect(reply.status == 504)
                #expect(reply.error?.code == "processor_timeout")
            }
            let owed = try await acquirer.gateway.store.read { try await $0.duePendingReversals(at: .distantFuture, limit: 10) }
            #expect(owed.count == 1, "the reversal is stored as owed before the client is answered")

            acquirer.host.resume()
            let settled = await acquirer.events.wait(for: "the host's 0410") {
                !$0.lines("reversal acknowledged").isEmpty || !$0.lines("late or unknown response").isEmpty
            }
            #expect(settled.lines("late or unknown response").isEmpty, "the 0410 came when nobody waited for it")
            // On failure, what the link logged and what the host saw say where it stopped.
            let trail = settled.lines.map { "\($0.message) \($0.metadata["mti"] ?? "")" }
            let seen = (try? acquirer.host.journal().map { "\($0["direction"] ?? "") \($0["mti"] ?? "") \($0["note"] ?? "")" }) ?? []
            #expect(settled.lines("reversal acknowledged").map { $0.metadata["mti"] } == ["0400"], "link: \(trail); host: \(seen)")
            #expect(try acquirer.host.received("0400").count == 1 && acquirer.host.received("0401").isEmpty)
            #expect(try await acquirer.gateway.store.read { try await $0.duePendingReversals(at: .distantFuture, limit: 10) }.isEmpty)
        }
    }

    /// A host that approves without 37: no capture, void or refund could ever name the
    /// payment, so the approval is treated as no answer. The sale fails (504, as an answer
    /// without 39) and a 0400 naming the 0200 by 90 alone undoes it at the host.
    @Test func anApprovalWithoutARetrievalReferenceIsReversedAndFailed() async throws {
        try await AcquirerHarness.with(hostFlags: ["--omit-37"]) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
                #expect(reply.status == 504, "\(reply.text)")
                #expect(reply.error?.code == "processor_timeout")
                let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
                #expect(list.items.map(\.status) == [.failed])
            }
            let acknowledged = await acquirer.waitForLog("reversal acknowledged")
            #expect(acknowledged.first?.metadata["mti"] == "0400")
            let sale = try #require(try acquirer.host.received("0200").first)
            let reversal = try #require(try acquirer.host.received("0400").first)
            #expect(reversal["37"] == nil)
            let named = try #require(reversal["90"] as? String)
            #expect(named.hasPrefix("0200" + (sale["11"] as? String ?? "") + (sale["7"] as? String ?? "")))
            #expect(!acquirer.linkLogs.all.filter { $0.contains("acquirer answer not usable") }.isEmpty)
        }
    }

    /// The only connection drops with the sale in flight, so its reversal cannot go out at
    /// once. It stays owed as a 0400, and once the link is back the next round sends it as
    /// a 0400: a 0401 would claim to repeat a reversal the host never saw.
    @Test func theFirstReversalAfterTheLinkDroppedIsA0400() async throws {
        try await AcquirerHarness.with(hostFlags: ["--drop-after", "2"], connections: 1) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
                #expect(reply.status == 504)
            }
            await acquirer.events.wait(for: "the link down and up again") { $0.statuses.contains(false) && $0.statuses.last == true }
            // A job round, as the scheduler runs them.
            try await acquirer.link.forwardDueReversals()
            let acknowledged = await acquirer.waitForLog("reversal acknowledged")
            #expect(acknowledged.map { $0.metadata["mti"] } == ["0400"])
            #expect(try acquirer.host.received("0400").count == 1)
            #expect(try acquirer.host.received("0401").isEmpty)
            #expect(try await acquirer.gateway.store.read { try await $0.duePendingReversals(at: .distantFuture, limit: 10) }.isEmpty)
        }
    }
}
