import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Storage
import Testing

/// A batch's CSV lists exactly what the batch counts (`BatchSummary`), one row each, refunds
/// negative: its rows number `transactionCount` and add up to the batch's net total, open or
/// closed.
@Suite("Dashboard: a batch's CSV adds up to its batch")
struct DashboardBatchCSVTests {
    /// The batch's CSV, read.
    static func csv(_ browser: DashboardBrowser, _ batchId: String) async throws -> CSVTable {
        let reply = try await browser.get("/dashboard/batches/\(batchId)/csv")
        #expect(reply.status == 200)
        return CSVTable(reply.text)
    }

    /// Checks the CSV against the batch: one row per counted member, their sum its net total.
    static func expectAddsUp(_ csv: CSVTable, to batch: Batch, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(csv.rows.count == batch.transactionCount, "rows: \(csv.rows.map { $0["id"] ?? "" })", sourceLocation: sourceLocation)
        #expect(Set(csv.rows.compactMap { $0["id"] }).count == csv.rows.count, "no member twice", sourceLocation: sourceLocation)
        let amounts = csv.rows.map { CSVTable.minorUnits($0["amount"]) }
        #expect(!amounts.contains(nil), "every amount is a decimal", sourceLocation: sourceLocation)
        #expect(amounts.compactMap { $0 }.reduce(0, +) == batch.totals["USD"], sourceLocation: sourceLocation)
    }

    @Test func aRealisticBatchsCSVAddsUpToItsNetTotal() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let small = try await session.pay(amount: 1_250)
            let partlyRefunded = try await session.pay(pan: "5555555555554444", amount: 4_999)
            #expect(try await session.followUp(partlyRefunded.id, .refund, json: #"{"amount":999}"#).status == 201)
            let fullyRefunded = try await session.pay(amount: 300)
            #expect(try await session.followUp(fullyRefunded.id, .refund).status == 201)
            let partial = try await session.pay(pan: DashboardApprovedAmountTests.amountDrivenCard, amount: 2_010)
            #expect(partial.amounts?.captured == 1_005)
            #expect(try await session.followUp(partial.id, .refund, json: #"{"amount":205}"#).status == 201)
            let authorization = try await session.pay("authorization", amount: 3_000)
            #expect(try await session.followUp(authorization.id, .capture, json: #"{"amount":2500}"#).status == 201)
            let voided = try await session.pay(amount: 777)
            #expect(try await session.followUp(voided.id, .void, json: "{}").status == 201)
            _ = try await session.pay(pan: "4000000000000002", amount: 900)
            _ = try await session.pay("authorization", amount: 1_500)
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)

            let open = try #require(try await harness.services.batches.list(merchantId: harness.merchantId).first { $0.isOpen })
            let net: Int64 = 1_250 + 4_999 - 999 + 300 - 300 + 1_005 - 205 + 2_500
            #expect(open.transactionCount == 8 && open.totals["USD"] == net, "five payments and three refunds: \(open)")
            Self.expectAddsUp(try await Self.csv(browser, open.id), to: open)

            let closed = try #require(try await harness.services.batches.close(merchantId: harness.merchantId))
            #expect(closed.transactionCount == 8 && closed.totals["USD"] == net)
            let csv = try await Self.csv(browser, closed.id)
            Self.expectAddsUp(csv, to: closed)
            #expect(csv.header == DashboardCSV.header)

            let partialLine = try #require(csv.rows(where: "id", is: partial.id).first)
            #expect(partialLine["amount"] == "10.05" && partialLine["amount_requested"] == "20.10")
            let captured = try #require(csv.rows(where: "id", is: authorization.id).first)
            #expect(captured["status"] == "captured" && captured["amount"] == "25.00" && captured["amount_requested"] == "30.00")
            #expect(csv.rows.allSatisfy { $0["type"] != "capture" }, "a capture is counted on its authorization, once")
            #expect(csv.rows(where: "id", is: voided.id).isEmpty, "a voided sale moves no money")
            let refunds = csv.rows(where: "type", is: "refund")
            #expect(refunds.compactMap { CSVTable.minorUnits($0["amount"]) }.sorted() == [-999, -300, -205])
            #expect(refunds.allSatisfy { $0["amount"] == $0["amount_requested"] })
            #expect(csv.rows(where: "id", is: small.id).first?["amount"] == "12.50")
        }
    }

    /// A debit the bank returns after its batch closed was counted by that close: read again
    /// later, the batch's CSV still lists it.
    @Test func aDebitReturnedAfterTheCloseStaysInItsBatchsCSV() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let returned = try await ACHLifecycleTests.debit(session, account: ACHExamples.returnedAccount, amount: 2_500)
            _ = try await session.pay(amount: 1_000)
            let closed = try #require(try await harness.services.batches.close(merchantId: harness.merchantId))
            #expect(closed.transactionCount == 2 && closed.totals["USD"] == 3_500)
            harness.clock.advance(by: ACHClearingJob.clearingPeriod + 1)
            #expect(try await harness.services.achClearing.run() == 1)
            let debit = try await harness.store.read { try await $0.transaction(id: returned.id, merchantId: harness.merchantId) }
            #expect(debit?.status == .chargedBack)
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let csv = try await Self.csv(browser, closed.id)
            Self.expectAddsUp(csv, to: closed)
            #expect(csv.rows(where: "id", is: returned.id).first?["brand"] == "ach")
        }
    }
}
