import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Storage
import Testing

/// The payment page's timeline says what each answer changed on the payment's totals, and
/// an admin increases an authorization from it.
@Suite("Dashboard: timeline and incremental authorization")
struct DashboardTimelineTests {
    /// Asks for `action` on the payment's page and confirms it; the reply to the confirmation.
    static func act(_ browser: DashboardBrowser, on id: String, _ action: String, amount: String? = nil) async throws -> TestReply {
        let page = try await browser.get("/dashboard/payments/\(id)")
        let fields = DashboardActionTests.form(page, action: action) + (amount.map { [("amount", $0)] } ?? [])
        let asked = try await browser.post("/dashboard/payments/\(id)/act", fields)
        #expect(asked.status == 200, "\(asked.text.prefix(300))")
        return try await browser.post("/dashboard/payments/\(id)/act", fields + [("confirm", "yes")])
    }

    /// The timeline's rows as their cells' text.
    static func timeline(_ page: TestReply) -> [[String]] {
        guard let start = page.text.range(of: "<h2>Timeline</h2>"), let end = page.text.range(of: "</tbody>", range: start.upperBound..<page.text.endIndex)
        else { return [] }
        let table = page.text[start.upperBound..<end.lowerBound]
        return table.matches(of: try! Regex(#"<tr>(.*?)</tr>"#)).compactMap { row -> [String]? in
            let cells = String(row.output[1].substring ?? "").matches(of: try! Regex(#"<td[^>]*>(.*?)</td>"#)).map {
                String($0.output[1].substring ?? "").replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
            }
            return cells.isEmpty ? nil : cells
        }
    }

    @Test func eachOperationShowsTheTotalsBeforeAndAfterIt() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let auth = try await session.pay("authorization", amount: 2_000)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let offered = try await browser.get("/dashboard/payments/\(auth.id)")
            #expect(offered.text.contains(#"id="act-increase-authorization""#) && offered.text.contains("the increase, added to what is authorized"))

            harness.clock.advance(by: 1)
            let increased = try await Self.act(browser, on: auth.id, "increase-authorization", amount: "5.00")
            #expect(increased.status == 303, "\(increased.text.prefix(400))")
            #expect(try await session.send(.get, APIPath.transaction(auth.id)).decode(TransactionResource.self).amounts?.authorized == 2_500)
            harness.clock.advance(by: 1)
            #expect(try await Self.act(browser, on: auth.id, "capture").status == 303)
            harness.clock.advance(by: 1)
            #expect(try await Self.act(browser, on: auth.id, "refund", amount: "10.00").status == 303)
            harness.clock.advance(by: 1)
            let tooMuch = try await Self.act(browser, on: auth.id, "refund", amount: "90.00")
            #expect(tooMuch.status == 409, "refused before any row is written")

            let rows = Self.timeline(try await browser.get("/dashboard/payments/\(auth.id)"))
            #expect(rows.map { $0[1] } == ["authorization (created)", "incrementalAuthorization", "capture", "refund"], "\(rows)")
            #expect(rows.map { $0[4] } == [
                "authorized $0.00 → $20.00",
                "authorized $20.00 → $25.00",
                "captured $0.00 → $25.00",
                "refunded $0.00 → $10.00",
            ], "\(rows)")
        }
    }

    @Test func aDeclinedOperationChangesNoTotalAndAnEmptyIncreaseIsRefused() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let auth = try await session.pay("authorization", amount: 1_000)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(auth.id)")
            let empty = try await browser.post(
                "/dashboard/payments/\(auth.id)/act", DashboardActionTests.form(page, action: "increase-authorization") + [("confirm", "yes")])
            #expect(empty.status == 400 && empty.text.contains("enter an amount"))
            harness.clock.advance(by: 1)
            #expect(try await Self.act(browser, on: auth.id, "void").status == 303)
            let rows = Self.timeline(try await browser.get("/dashboard/payments/\(auth.id)"))
            #expect(rows.map { $0[4] } == ["authorized $0.00 → $10.00", "totals unchanged"], "\(rows)")
            let operations = try await harness.store.read { try await $0.followUps(of: auth.id, merchantId: harness.merchantId) }
            #expect(operations.map(\.type) == [.void], "the empty increase wrote nothing")
        }
    }
}
