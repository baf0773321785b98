@testable import Gateway
import Foundation
import GatewayAPI
import PaymentCore
import Storage
import Testing

/// A dispute's life through `/v1/disputes`: opened by the acquirer's file, accepted or
/// answered by the merchant, decided by the acquirer; a lost or accepted one takes the
/// money back in the open batch, and a disputed payment takes no refund.
@Suite("Disputes: the merchant's answers and the money")
struct DisputeRouteTests {
    @Test func acceptingTakesTheAmountBackInTheOpenBatch() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let (sale, dispute) = try await session.disputedSale(amount: 1_800)
            #expect(dispute.status == .needsResponse)
            #expect(dispute.paymentId == sale.id && dispute.amount == 1_800 && dispute.currency == "USD")
            #expect(dispute.reason == "Fraud, card absent")
            #expect(dispute.respondBy == (try Date("2026-12-10T23:59:59Z", strategy: .iso8601)))
            let accepted = try await session.send(.post, APIPath.disputeAcceptance(dispute.id))
            #expect(accepted.status == 200, "\(accepted.text)")
            let closed = try accepted.decode(DisputeResource.self)
            #expect(closed.status == .accepted && closed.closedAt == harness.clock.now())
            let chargebackId = try #require(closed.chargebackId)
            let chargeback = try await session.send(.get, APIPath.transaction(chargebackId)).decode(TransactionResource.self)
            #expect(chargeback.type == .chargeback && chargeback.status == .approved && chargeback.amount == 1_800)
            #expect(chargeback.parentId == sale.id)
            // The sale's 10,000 in, the chargeback's 1,800 out: the open batch nets 8,200.
            let batches = try await session.send(.get, APIPath.batches).decode(BatchList.self)
            let open = try #require(batches.items.first { $0.status == "open" })
            #expect(open.totals == ["USD": 8_200])
            #expect(open.byType.contains(BatchSubtotalResource(name: "chargeback", currency: "USD", count: 1, amount: -1_800)))
            let again = try await session.send(.post, APIPath.disputeAcceptance(dispute.id))
            #expect(again.status == 409)
            #expect(again.error?.code == APIErrorCode.disputeNotOpen.rawValue)
        }
    }

    @Test func aDisputedPaymentTakesNoRefundUntilTheMerchantWins() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let (sale, dispute) = try await session.disputedSale()
            let refund = try await session.followUp(sale.id, .refund, json: #"{"amount":500}"#)
            #expect(refund.status == 409, "\(refund.text)")
            #expect(refund.error?.code == APIErrorCode.paymentDisputed.rawValue)
            #expect(refund.error?.message.contains(dispute.id) == true)
            let void = try await session.followUp(sale.id, .void)
            #expect(void.error?.code == APIErrorCode.paymentDisputed.rawValue, "a void gives the money back too")
            let operatorToken = try await session.operatorToken()
            let won = try await session.importDisputes(
                TestSession.disputeFile(payment: sale.id, status: "won"), token: operatorToken)
            #expect(won.status == 200, "\(won.text)")
            #expect(try won.decode(DisputeImportResult.self).updated == 1)
            let after = try await session.followUp(sale.id, .refund, json: #"{"amount":500}"#)
            #expect(after.status == 201, "\(after.text)")
        }
    }

    @Test func evidencePutsItUnderReviewAndTheAcquirerDecides() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let (sale, dispute) = try await session.disputedSale()
            let pdf = Data("%PDF-1.4 delivery note".utf8)
            let body = """
                {"text":"  Delivered on 2 May, signed by the cardholder.  ","files":[\
                {"name":"delivery.pdf","contentType":"application/pdf","data":"\(pdf.base64EncodedString())"}]}
                """
            let answered = try await session.send(.post, APIPath.disputeEvidence(dispute.id), json: body)
            #expect(answered.status == 200, "\(answered.text)")
            let review = try answered.decode(DisputeResource.self)
            #expect(review.status == .underReview && review.closedAt == nil)
            let evidence = try #require(review.evidence)
            #expect(evidence.text == "Delivered on 2 May, signed by the cardholder.")
            let file = try #require(evidence.files.first)
            #expect(file.name == "delivery.pdf" && file.size == pdf.count)
            let download = try await session.send(.get, APIPath.disputeEvidenceFile(dispute.id, fileId: file.id))
            #expect(download.status == 200 && download.body == pdf)
            #expect(download.headers[.contentType] == "application/pdf")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"\(file.id)\"")
            let twice = try await session.send(.post, APIPath.disputeEvidence(dispute.id), json: #"{"text":"more"}"#)
            #expect(twice.error?.code == APIErrorCode.disputeNotOpen.rawValue)
            let lost = try await session.importDisputes(
                TestSession.disputeFile(payment: sale.id, status: "lost"), token: try await session.operatorToken())
            #expect(lost.status == 200, "\(lost.text)")
            let decided = try await session.send(.get, APIPath.dispute(dispute.id)).decode(DisputeResource.self)
            #expect(decided.status == .lost && decided.chargebackId != nil)
            #expect(decided.evidence?.files.count == 1, "the evidence stays with it")
        }
    }

    @Test func everyChangeIsAWebhookEventOfItsPayment() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let (sale, dispute) = try await session.disputedSale()
            harness.clock.advance(by: 1)
            _ = try await session.send(.post, APIPath.disputeEvidence(dispute.id), json: #"{"text":"Signed receipt attached."}"#)
            harness.clock.advance(by: 1)
            _ = try await session.importDisputes(TestSession.disputeFile(payment: sale.id, status: "won"), token: try await session.operatorToken())
            let events = try await session.send(.get, APIPath.events + "?transactionId=\(sale.id)&pageSize=100").decode(WebhookEventList.self)
            let disputeEvents = events.items.filter { $0.type.hasPrefix("dispute.") }
            #expect(disputeEvents.map(\.type) == ["dispute.closed", "dispute.updated", "dispute.created"])
            #expect(disputeEvents.map { $0.data.dispute?.status } == [.won, .underReview, .needsResponse])
            #expect(disputeEvents.allSatisfy { $0.data.dispute?.id == dispute.id })
        }
    }

    @Test func theListIsNewestFirstAndFiltersByStatusAndPayment() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let (_, first) = try await session.disputedSale(reference: "CB-1")
            harness.clock.advance(by: 1)
            let (second, latest) = try await session.disputedSale(reference: "CB-2")
            _ = try await session.send(.post, APIPath.disputeAcceptance(first.id))
            let all = try await session.send(.get, APIPath.disputes).decode(DisputeList.self)
            #expect(all.items.map(\.id) == [latest.id, first.id] && all.total == 2)
            let open = try await session.send(.get, APIPath.disputes + "?status=needsResponse").decode(DisputeList.self)
            #expect(open.items.map(\.id) == [latest.id])
            let ofPayment = try await session.send(.get, APIPath.disputes + "?paymentId=\(second.id)&pageSize=1&page=0").decode(DisputeList.self)
            #expect(ofPayment.items.map(\.id) == [latest.id] && ofPayment.pageSize == 1)
            let unknown = try await session.send(.get, APIPath.disputes + "?status=open")
            #expect(unknown.status == 400 && unknown.error?.field == "status")
            let extra = try await session.send(.get, APIPath.disputes + "?sort=amount")
            #expect(extra.status == 400 && extra.error?.field == "sort")
        }
    }
}
