import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Processing
import Storage
import Testing
import TestSupport

/// Closing a batch through the acquirer link sends its totals (0500) to a real test host and
/// keeps the host's answer on the batch and in a `batch.reconciled` event.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerReconciliationTests {
    @Test func aClosedBatchAgreesWithTheHostsBooks() async throws {
        try await AcquirerHarness.with { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let first = try await session.pay(amount: 1_000)
                let held = try await session.pay("authorization", amount: 5_000)
                #expect(try await session.followUp(held.id, .capture, json: #"{"amount":2000}"#).status == 201)
                #expect(try await session.followUp(first.id, .refund, json: #"{"amount":300}"#).status == 201)
                let voided = try await session.pay(amount: 700)
                #expect(try await session.followUp(voided.id, .void, json: "{}").status == 201)

                let batch = try await session.send(.post, APIPath.closeBatch).decode(BatchResource.self)
                let reconciliation = try #require(batch.reconciliation)
                #expect(reconciliation.status == "agreed" && reconciliation.attempts == 1 && reconciliation.lastError == nil)
                var line = BatchReconciliationResource.Line(
                    acquirerMerchantId: AcquirerHarness.cardAcceptorId, acquirerTerminalId: AcquirerHarness.terminalId, currency: "USD",
                    captureCount: 2, captureTotal: 3_000, refundCount: 1, refundTotal: 300, responseCode: "00",
                    acquirerCaptureCount: 2, acquirerCaptureTotal: 3_000, acquirerRefundCount: 1, acquirerRefundTotal: 300)
                line.paymentProcessorId = ProcessorIdentity.iso8583Acquirer.id
                #expect(reconciliation.lines == [line])
                #expect(try await session.send(.get, APIPath.batch(batch.id)).decode(BatchResource.self).reconciliation == reconciliation)

                let events = try await session.send(.get, APIPath.events + "?type=batch.reconciled").decode(WebhookEventList.self)
                #expect(events.items.count == 1)
                #expect(events.items.first?.data.batch?.reconciliation?.status == "agreed")
                #expect(events.items.first?.data.transaction == nil)
            }
            let sent = try #require(try acquirer.host.received("0500").first)
            #expect(sent["41"] as? String == AcquirerHarness.terminalId && sent["49"] as? String == "840")
            #expect(sent["63"] as? String == "0000000002" + "0000000000003000" + "0000000001" + "0000000000000300")
        }
    }

    /// The host ignores the reversal of a sale it approved but never answered: its books have
    /// a capture the gateway failed. The close shows the mismatch with the host's totals.
    @Test func aSaleTheHostKeptIsAMismatchOnTheBatchAndInItsEvent() async throws {
        try await AcquirerHarness.with(hostFlags: ["--ignore-reversals", "1"], processorTimeout: .milliseconds(300)) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                _ = try await session.pay(amount: 1_000)
                let lost = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: TestCards.noAnswer.pan, amount: 4_000))
                #expect(lost.status == 504)

                let batch = try await session.send(.post, APIPath.closeBatch).decode(BatchResource.self)
                let line = try #require(batch.reconciliation?.lines.first)
                #expect(batch.reconciliation?.status == "mismatch")
                #expect(line.responseCode == "95")
                #expect(line.captureCount == 1 && line.captureTotal == 1_000)
                #expect(line.acquirerCaptureCount == 2 && line.acquirerCaptureTotal == 5_000)

                let events = try await session.send(.get, APIPath.events + "?type=batch.reconciled").decode(WebhookEventList.self)
                #expect(events.items.first?.data.batch?.reconciliation?.lines.first?.acquirerCaptureTotal == 5_000)
            }
        }
    }

    /// The link is down at the close: the batch closes all the same, its totals wait with
    /// their trace fixed. The host got that very 0500 meanwhile (an answer lost on the way):
    /// a restarted gateway sends it again under the same trace, and the host's first answer
    /// stands, where a new message would have found the host's next, empty batch.
    @Test func unansweredTotalsAreSentAgainAsTheSameMessageAfterARestart() async throws {
        let host = try AcquirerHostProcess()
        let store = MemoryStore()
        let first = try await AcquirerHarness.make(store: store, host: host)
        try await first.gateway.test { (session: TestSession) async throws in
            _ = try await session.pay(amount: 1_000)
        }
        await first.stopLink()
        let pending = try #require(try await first.gateway.services.batches.close(merchantId: first.gateway.merchantId))
        let waiting = try #require(pending.reconciliation)
        #expect(waiting.state == .pending && waiting.attempts == 1 && waiting.lastError == "processor not connected")
        let trace = try #require(waiting.lines.first?.trace)
        #expect(try host.received("0500").isEmpty)

        let second = try await AcquirerHarness.make(store: store, host: host)
        let request = try #require(ReconciliationLines.request(waiting.lines[0], merchantId: pending.merchantId))
        #expect(try await second.link.processor.reconcile(request)?.agreed == true)
        // Not due yet: nothing is sent.
        #expect(try await second.gateway.services.batches.reconciler.resendDue().isEmpty)
        second.gateway.clock.advance(by: BatchReconciler.firstWait)
        let done = try await second.gateway.services.batches.reconciler.resendDue()
        #expect(done.map(\.id) == [pending.id])
        #expect(done.first?.reconciliation?.state == .agreed && done.first?.reconciliation?.attempts == 2)
        #expect(done.first?.reconciliation?.lines.first?.trace == trace)
        let sent = try host.received("0500")
        #expect(sent.count == 2 && Set(sent.compactMap { $0["11"] as? String }).count == 1)
        #expect(try await store.read { try await $0.batchesAwaitingReconciliation(limit: 10) }.isEmpty)
        await second.stop()
    }

    /// With the simulator there is no acquirer to reconcile with: a closed batch has none.
    @Test func theSimulatorsBatchesHaveNoReconciliation() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            _ = try await session.pay(amount: 1_000)
            let reply = try await session.send(.post, APIPath.closeBatch)
            #expect(try reply.decode(BatchResource.self).reconciliation == nil)
            #expect(!String(decoding: reply.body, as: UTF8.self).contains("reconciliation"))
        }
    }
}
