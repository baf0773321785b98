@testable import Gateway
import Foundation
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// A lost or accepted dispute is money out: in the payment's totals, the open batch's totals
/// and its file, and the exports' net.
@Suite("Disputes: in the totals")
struct DisputeTotalsTests {
    @Test func aLostDisputeIsInThePaymentTheBatchAndTheExport() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let (sale, dispute) = try await session.disputedSale(amount: 1_800)
            harness.clock.advance(by: 1)
            let lost = try await session.importDisputes(
                TestSession.disputeFile(payment: sale.id, amount: 1_800, status: "lost"), token: try await session.operatorToken())
            #expect(lost.status == 200, "\(lost.text)")
            let payment = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(payment.amounts?.chargedBack == 1_800)
            #expect(payment.amounts?.refundable == 8_200)
            #expect(payment.status == .captured, "the payment keeps its status; the dispute says what happened")
            let chargebackId = try #require(try await session.send(.get, APIPath.dispute(dispute.id)).decode(DisputeResource.self).chargebackId)

            // The export: the payment nets 82.00; the chargeback is a row of its own under it.
            var lines: [String] = []
            _ = try await TransactionExport(store: harness.store).write(
                merchantId: harness.merchantId, from: harness.clock.now().addingTimeInterval(-60), to: harness.clock.now().addingTimeInterval(60),
                format: .csv) { lines.append($0) }
            let rows = CSVTable(lines.joined()).rows
            let paymentRow = try #require(rows.first { $0["id"] == sale.id })
            #expect(paymentRow["captured"] == "100.00" && paymentRow["charged_back"] == "18.00" && paymentRow["net"] == "82.00")
            let chargebackRow = try #require(rows.first { $0["id"] == chargebackId })
            #expect(chargebackRow["type"] == "chargeback" && chargebackRow["parent_id"] == sale.id && chargebackRow["amount"] == "18.00")

            // The batch: the sale in, the chargeback out, and the close counts it the same way.
            let closed = try await session.send(.post, APIPath.closeBatch)
            #expect(closed.status == 200, "\(closed.text)")
            let batch = try closed.decode(BatchResource.self)
            #expect(batch.totals == ["USD": 8_200] && batch.transactionCount == 2)
            #expect(batch.byType.contains(BatchSubtotalResource(name: "chargeback", currency: "USD", count: 1, amount: -1_800)))
        }
    }
}
