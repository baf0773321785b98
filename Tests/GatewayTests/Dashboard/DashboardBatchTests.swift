import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// Batches in the dashboard: the open batch's running totals, an admin's confirmed close
/// (once, however often the form is sent), and batches and filtered payments as CSV.
@Suite("Dashboard: batches and CSV")
struct DashboardBatchTests {
    static func closeForm(_ page: TestReply) -> [(String, String)] {
        let key = page.text.firstMatch(of: /name="key" value="([^"]+)"/).map { String($0.1) } ?? ""
        return [("csrf", DashboardBrowser.csrf(in: page)), ("key", key)]
    }

    @Test func anAdminClosesTheOpenBatchOnceAfterConfirming() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let sale = try await session.pay(amount: 2_500)
            _ = try await session.followUp(sale.id, .refund, json: #"{"amount":500}"#)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/batches")
            #expect(page.text.contains("open batch") && page.text.contains("$20.00") && page.text.contains(#"id="close-batch""#))
            let asked = try await browser.post("/dashboard/batches/close", Self.closeForm(page))
            #expect(asked.status == 200 && asked.text.contains("Close the open batch now?"))
            #expect(try await harness.store.read { try await $0.openBatch(merchantId: harness.merchantId) } != nil, "asking closes nothing")
            let confirmed = Self.closeForm(page) + [("confirm", "yes")]
            #expect(try await browser.post("/dashboard/batches/close", confirmed).headers[.location] == "/dashboard/batches?closed=1")
            _ = try await session.pay(amount: 100)
            #expect(try await browser.post("/dashboard/batches/close", confirmed).status == 303)
            let batches = try await harness.store.read { try await $0.batches(merchantId: harness.merchantId) }
            #expect(batches.filter { !$0.isOpen }.count == 1, "the resent form closed nothing more")
            let after = try await browser.get("/dashboard/batches?closed=1")
            #expect(after.text.contains("The batch was closed") && after.text.contains("closed batch") && after.text.contains("<td>sale</td>"))
            #expect(try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self).settledAt != nil)
        }
    }

    @Test func aViewerSeesBatchesButCannotCloseOne() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            _ = try await session.pay()
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/batches")
            #expect(page.status == 200 && !page.text.contains("close-batch"))
            let forced = try await browser.post(
                "/dashboard/batches/close", [("csrf", DashboardBrowser.csrf(in: page)), ("key", String(repeating: "k", count: 20)), ("confirm", "yes")])
            #expect(forced.status == 403)
            #expect(try await harness.store.read { try await $0.batches(merchantId: harness.merchantId) }.allSatisfy(\.isOpen))
        }
    }

    @Test func batchesAndFilteredPaymentsDownloadAsCSV() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let body = TestSession.cardBody(amount: 1_250).replacingOccurrences(of: #""order-1""#, with: #""=HYPERLINK(\"http://x\")""#)
            let sale = try await session.send(.post, APIPath.sale, json: body).decode(TransactionResource.self)
            let other = try await session.pay(amount: 300)
            _ = try await session.followUp(other.id, .refund)
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let batch = try #require(try await harness.store.read { try await $0.openBatch(merchantId: harness.merchantId) })
            let csv = try await browser.get("/dashboard/batches/\(batch.id)/csv")
            #expect(csv.status == 200 && csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"batch-\(batch.id).csv\"")
            let lines = csv.text.split(separator: "\r\n").map(String.init)
            #expect(lines.first == DashboardCSV.header.joined(separator: ","))
            #expect(lines.count == 4, "two sales and a refund: \(lines)")
            let saleLine = try #require(lines.first { $0.hasPrefix(sale.id) })
            #expect(saleLine.contains(",sale,captured,12.50,12.50,USD,424242******4242,visa,"))
            #expect(saleLine.contains(#""'=HYPERLINK(""http://x"")""#), "a formula is text, not run: \(saleLine)")
            let refunded = try await browser.get("/dashboard/payments.csv?status=refunded")
            let rows = refunded.text.split(separator: "\r\n")
            #expect(rows.count == 2 && rows[1].hasPrefix(other.id))
            #expect(try await browser.get("/dashboard/batches/nope/csv").status == 404)
        }
    }
}
