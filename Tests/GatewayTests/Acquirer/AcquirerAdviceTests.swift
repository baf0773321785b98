import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// Completion advices: a capture the host does not answer is not reversed (the cardholder
/// was served); it stands approved and its 0220 is repeated as 0221, same STAN and time,
/// until the host's 0230.
@Suite("Acquirer link: completion advices are stored and forwarded", .enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerAdviceTests {
    @Test func anUnansweredCaptureStandsAndItsAdviceIsRepeatedAs0221UntilAcknowledged() async throws {
        // The host drops the first send of every advice; the link waits 2 s for an answer.
        try await AcquirerHarness.with(hostFlags: ["--ignore-advices", "1"], processorTimeout: .seconds(2)) { acquirer in
            let store = acquirer.gateway.store
            let (payment, capture) = try await acquirer.gateway.test { (session: TestSession) async throws in
                let held = try await session.pay("authorization", amount: 4_200)
                let reply = try await session.followUp(held.id, .capture, json: #"{"amount":4200}"#)
                #expect(reply.status == 201, "\(reply.text)")
                let answer = try reply.decode(FollowUpResponse.self)
                #expect(answer.operation.status == .approved)
                #expect(answer.operation.processor?.message.contains("advice") == true)
                #expect(answer.payment.status == .captured && answer.payment.amounts?.captured == 4_200)
                return (held, answer.operation)
            }
            #expect(try acquirer.host.received("0400").isEmpty, "a capture the cardholder was charged for is never reversed")
            let owed = try #require(try await store.read { try await $0.pendingReversal(id: capture.id) })
            #expect(owed.attempts == 1)

            // The next round (made due now) repeats it as 0221 and the host acknowledges it.
            _ = try await store.write { try await $0.releasePendingReversal(id: capture.id, dueAt: .distantPast) }
            #expect(try await acquirer.link.forwardDueReversals() == 1)
            let first = try #require(try acquirer.host.received("0220").first)
            let repeated = try #require(try acquirer.host.received("0221").first)
            #expect(repeated["11"] as? String == first["11"] as? String && repeated["7"] as? String == first["7"] as? String)
            #expect(repeated["4"] as? String == "000000004200" && repeated["90"] as? String == first["90"] as? String)
            #expect(try await store.read { try await $0.pendingReversal(id: capture.id) } == nil)
            let answers = try acquirer.host.journal().filter { $0["direction"] as? String == "out" && $0["mti"] as? String == "0230" }
            #expect(answers.count == 1, "one 0230, to the repeat")
            #expect(payment.status == .authorized)
        }
    }
}
