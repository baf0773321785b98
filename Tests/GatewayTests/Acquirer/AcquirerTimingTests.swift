import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// The link's timing against the test host (issue 26, part 5): an answer later than the
/// configured response timeout, an answer under the wrong MTI, an echo test the host refuses.
/// Outcomes and order are asserted, never elapsed time.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerTimingTests {
    /// The host answers the no-answer card 2 s late; the link's configured wait is 0.5 s.
    /// The sale fails at the link's timeout and is reversed; the late 0210 then finds nobody
    /// waiting and changes nothing.
    @Test func anAnswerLaterThanTheResponseTimeoutLeavesTheSaleFailedAndReversed() async throws {
        try await AcquirerHarness.with(hostFlags: ["--late-answer-ms", "2000"], processorTimeout: .milliseconds(500)) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: TestCards.noAnswer.pan))
                #expect(reply.status == 504)
                #expect(reply.error?.code == "processor_timeout")
            }
            await acquirer.waitForLog("reversal acknowledged")
            let late = await acquirer.waitForLog("late or unknown response")
            #expect(late.map { $0.metadata["mti"] } == ["0210"])
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
                #expect(list.items.map(\.status) == [.failed])
            }
            #expect(try acquirer.host.received("0400").count == 1)
            #expect(try await acquirer.gateway.store.read { try await $0.duePendingReversals(at: .distantFuture, limit: 10) }.isEmpty)
        }
    }

    /// The host answers the second sale (STAN 000002) as 0230. The link's wait is two
    /// minutes, beyond the test's time limit: only the refusal of the wrong MTI can end the
    /// sale, which fails (504) and is reversed, as an unanswered one.
    @Test(.timeLimit(.minutes(5)))
    func anAnswerUnderTheWrongMTIFailsTheSaleAtOnceAndReversesIt() async throws {
        try await AcquirerHarness.with(hostFlags: ["--wrong-mti-on", "2"], processorTimeout: .seconds(120), connections: 1) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
                #expect(reply.status == 504)
                #expect(reply.error?.code == "processor_timeout")
                let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
                #expect(list.items.map(\.status).sorted { $0.rawValue < $1.rawValue } == [.captured, .failed])
            }
            let refused = await acquirer.waitForLog("response of the wrong type: the request fails as unanswered")
            #expect(refused.first?.metadata["mti"] == "0230" && refused.first?.metadata["expected_mti"] == "0210")
            await acquirer.waitForLog("reversal acknowledged")
            let sale = try #require(try acquirer.host.received("0200").last)
            #expect(sale["11"] as? String == "000002")
            let reversal = try #require(try acquirer.host.received("0400").first)
            #expect((reversal["90"] as? String)?.hasPrefix("0200000002") == true)
            #expect(try await acquirer.gateway.store.read { try await $0.duePendingReversals(at: .distantFuture, limit: 10) }.isEmpty)
        }
    }

    /// The host answers echo tests with 39 = 91: each connection is closed as if the echo had
    /// gone unanswered, and opened and signed on again.
    @Test func anEchoTestTheHostRefusesClosesTheConnection() async throws {
        let acquirer = try await AcquirerHarness.make(hostFlags: ["--echo-code", "91"], connections: 1, echoInterval: .milliseconds(200))
        let refused = await acquirer.waitForLog("echo test refused: closing the acquirer connection")
        #expect(refused.first?.metadata["response_code"] == "\"91\"")
        await acquirer.waitForLog("acquirer connection lost")
        await acquirer.events.wait(for: "a second sign-on") { $0.statuses.filter { $0 }.count >= 2 }
        // Read before the host stops: stopping removes its journal.
        let echoes = try acquirer.host.journal().filter { $0["direction"] as? String == "out" && $0["mti"] as? String == "0810" }
            .compactMap { $0["fields"] as? [String: Any] }.filter { $0["70"] as? String == "301" }
        await acquirer.stop()
        #expect(!echoes.isEmpty && echoes.allSatisfy { $0["39"] as? String == "91" })
    }
}
