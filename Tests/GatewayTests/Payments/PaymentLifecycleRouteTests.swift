import Foundation
import GatewayAPI
import PaymentCore
import Testing

@Suite("Canonical payment life over HTTP")
struct PaymentLifecycleRouteTests {
    @Test func saleIsCapturedWithMaskedCardAndJoinsTheOpenBatch() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 2_500, tip: 300)
            #expect(sale.status == .captured)
            #expect(sale.amount == 2_800)
            #expect(sale.amounts == PaymentAmounts(authorized: 2_800, captured: 2_800, refunded: 0, tip: 300, refundable: 2_800))
            #expect(sale.card?.maskedPan == "424242******4242")
            #expect(sale.card?.brand == "visa")
            #expect(sale.processor?.responseCode == "00")
            #expect(sale.batchId != nil)
            #expect(Set(sale.availableOperations?.map(\.operationType) ?? []) == [.void, .tipAdjustment, .refund])
        }
    }

    @Test func authorizationThenPartialCaptureReleasesTheRest() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let auth = try await session.pay("authorization", amount: 10_000)
            #expect(auth.status == .authorized)
            #expect(auth.batchId == nil)
            let reply = try await session.followUp(auth.id, .capture, json: #"{"amount":7500}"#)
            #expect(reply.status == 201)
            let result = try reply.decode(FollowUpResponse.self)
            #expect(result.operation.type == .capture)
            #expect(result.operation.status == .approved)
            #expect(result.operation.parentId == auth.id)
            #expect(result.payment.status == .captured)
            #expect(result.payment.amounts?.captured == 7_500)
            #expect(result.payment.batchId != nil)
        }
    }

    @Test func fullCaptureWithoutBody() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let auth = try await session.pay("authorization", amount: 4_200)
            let result = try await session.followUp(auth.id, .capture).decode(FollowUpResponse.self)
            #expect(result.payment.amounts?.captured == 4_200)
        }
    }

    @Test func incrementalAuthorizationRaisesTheHold() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let auth = try await session.pay("authorization", amount: 5_000)
            let raised = try await session.followUp(auth.id, .increment, json: #"{"amount":1500}"#).decode(FollowUpResponse.self)
            #expect(raised.payment.status == .authorized)
            #expect(raised.payment.amounts?.authorized == 6_500)
            let captured = try await session.followUp(auth.id, .capture).decode(FollowUpResponse.self)
            #expect(captured.payment.amounts?.captured == 6_500)
        }
    }

    @Test func tipAdjustReplacesTheTipAndSuggestsTips() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 10_000, tip: 500)
            let tipOperation = sale.availableOperations?.first { $0.operationType == .tipAdjustment }
            #expect(tipOperation?.suggestedTips == [SuggestedTip(tipPercent: 15, tipAmount: 1_500), SuggestedTip(tipPercent: 18, tipAmount: 1_800),
                                                     SuggestedTip(tipPercent: 20, tipAmount: 2_000)])
            let adjusted = try await session.followUp(sale.id, .adjustTip, json: #"{"tipAmount":1800}"#).decode(FollowUpResponse.self)
            #expect(adjusted.payment.amounts?.tip == 1_800)
            #expect(adjusted.payment.amounts?.captured == 11_800)
            #expect(adjusted.payment.status == .captured)
        }
    }

    @Test func voidAnAuthorizationAndACapturedSale() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let auth = try await session.pay("authorization")
            #expect(try await session.followUp(auth.id, .void).decode(FollowUpResponse.self).payment.status == .voided)
            let sale = try await session.pay()
            let voided = try await session.followUp(sale.id, .void).decode(FollowUpResponse.self).payment
            #expect(voided.status == .voided)
            #expect(voided.amounts?.refundable == 0)
            #expect(voided.availableOperations == [])
        }
    }

    @Test func partialReverseThenFullReverse() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let auth = try await session.pay("authorization", amount: 9_000)
            let partial = try await session.followUp(auth.id, .reverse, json: #"{"amount":2000}"#).decode(FollowUpResponse.self)
            #expect(partial.payment.status == .authorized)
            #expect(partial.payment.amounts?.authorized == 7_000)
            let rest = try await session.followUp(auth.id, .reverse).decode(FollowUpResponse.self)
            #expect(rest.payment.status == .voided)
        }
    }

    @Test func severalPartialRefundsThenFull() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 10_000)
            let first = try await session.followUp(sale.id, .refund, json: #"{"amount":2500}"#).decode(FollowUpResponse.self)
            #expect(first.payment.amounts?.refunded == 2_500)
            #expect(first.payment.status == .captured)
            let second = try await session.followUp(sale.id, .refund, json: #"{"amount":2500}"#).decode(FollowUpResponse.self)
            #expect(second.payment.amounts?.refundable == 5_000)
            let rest = try await session.followUp(sale.id, .refund).decode(FollowUpResponse.self)
            #expect(rest.operation.amount == 5_000)
            #expect(rest.payment.status == .refunded)
            #expect(rest.payment.availableOperations == [])

            let details = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(details.operations?.map(\.type) == [.refund, .refund, .refund])
            #expect(details.operations?.allSatisfy { $0.status == .approved } == true)
        }
    }

    @Test func declinedCardsAreRecordedAsDeclined() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let declined = try await session.pay(pan: "4000000000000002")
            #expect(declined.status == .declined)
            #expect(declined.processor?.responseCode == "05")
            let funds = try await session.pay(pan: "4000000000009995")
            #expect(funds.processor?.responseCode == "51")
            #expect(try await session.followUp(declined.id, .refund).status == 409)
        }
    }

    @Test func amountDrivenCardApprovesHalfOnCode10() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let partial = try await session.pay(pan: "4000000000000077", amount: 5_010)
            #expect(partial.status == .captured)
            #expect(partial.amounts?.captured == 2_505)
        }
    }

    @Test func processorErrorFailsTheTransactionWithAClearError() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: "4000000000000119"))
            #expect(reply.status == 502)
            #expect(reply.error?.code == "processor_error")
            let id = try #require(reply.error?.transactionId)
            let stored = try await session.send(.get, APIPath.transaction(id)).decode(TransactionResource.self)
            #expect(stored.status == .failed)
            #expect(await harness.processor.isReversed(transactionId: id) == false)
            #expect(harness.logs.all.contains { $0.contains("processor failed") && $0.contains("correlation_id=") })
        }
    }

    @Test func processorSilenceFailsAndSendsAReversal() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: "4000000000000259"))
            #expect(reply.status == 504)
            #expect(reply.error?.code == "processor_timeout")
            let id = try #require(reply.error?.transactionId)
            #expect(try await session.send(.get, APIPath.transaction(id)).decode(TransactionResource.self).status == .failed)
            #expect(await harness.processor.calls.contains { $0.operation == .cancel && $0.transactionId == id })
            // Nothing stays locked: the next payment goes through.
            #expect(try await session.pay().status == .captured)
        }
    }

    @Test func softDeclineLeavesThePaymentWaitingForPIN() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let payment = try await session.pay(pan: "5200828282828210")
            #expect(payment.status == .pinRequired)
            #expect(payment.processor?.responseCode == "65")
        }
    }
}
