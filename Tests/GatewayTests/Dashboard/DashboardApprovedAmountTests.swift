import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// A payment approved for less than asked (the amount-driven test card 4000 0000 0000 0077:
/// an amount ending in 10 is approved for half) shows what was approved, with what was asked
/// beside it, in the list, on its page and in the payments CSV; so does a decline (nothing
/// approved). A payment approved as asked shows one amount.
@Suite("Dashboard: the amount approved, with the amount asked")
struct DashboardApprovedAmountTests {
    static let amountDrivenCard = "4000000000000077"

    /// The `<tr>` of the list whose link names `id`.
    static func row(_ page: TestReply, _ id: String) -> String? {
        page.text.split(separator: "<tr>").first { $0.contains("/dashboard/payments/\(id)\"") }.map(String.init)
    }

    @Test func aPartialApprovalShowsTheApprovedAmountWithTheAskedOneBesideIt() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let partial = try await session.pay(pan: Self.amountDrivenCard, amount: 1_010)
            #expect(partial.status == .captured && partial.amounts?.captured == 505, "the simulator approves half")
            let full = try await session.pay(amount: 2_500)
            let declined = try await session.pay(pan: "4000000000000002", amount: 1_200)
            #expect(declined.status == .declined)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)

            let list = try await browser.get("/dashboard")
            let partialRow = try #require(Self.row(list, partial.id))
            #expect(partialRow.contains(#"<td class="num">$5.05<br><small class="asked">asked $10.10</small></td>"#), "\(partialRow)")
            #expect(try #require(Self.row(list, full.id)).contains(#"<td class="num">$25.00</td>"#))
            #expect(try #require(Self.row(list, declined.id)).contains("$0.00<br><small class=\"asked\">asked $12.00</small>"))

            let page = try await browser.get("/dashboard/payments/\(partial.id)")
            #expect(page.text.contains(#"<h1>sale $5.05 <small class="asked">asked $10.10</small> <span"#), "\(page.text.prefix(800))")
            #expect(page.text.contains("<title>sale $5.05"))
            #expect(page.text.contains("Amount approved</dt><dd>$5.05") && page.text.contains("Amount asked</dt><dd>$10.10"))
            #expect(page.text.contains("Captured</dt><dd>$5.05"))
            let fullPage = try await browser.get("/dashboard/payments/\(full.id)")
            #expect(fullPage.text.contains("<h1>sale $25.00 <span") && !fullPage.text.contains("Amount asked</dt>"))

            let refund = DashboardActionTests.form(page, action: "refund") + [("amount", "1.00")]
            let asked = try await browser.post("/dashboard/payments/\(partial.id)/act", refund)
            #expect(asked.text.contains("Refund $1.00 on sale $5.05 (asked $10.10)?"), "\(asked.text.prefix(600))")

            let csv = CSVTable(try await browser.get("/dashboard/payments.csv").text)
            #expect(csv.header == DashboardCSV.header && csv.rows.count == 3)
            let partialLine = try #require(csv.rows(where: "id", is: partial.id).first)
            #expect(CSVTable.minorUnits(partialLine["amount"]) == 505 && CSVTable.minorUnits(partialLine["amount_requested"]) == 1_010)
            let declinedLine = try #require(csv.rows(where: "id", is: declined.id).first)
            #expect(CSVTable.minorUnits(declinedLine["amount"]) == 0 && CSVTable.minorUnits(declinedLine["amount_requested"]) == 1_200)
            let approved = csv.rows.compactMap { CSVTable.minorUnits($0["amount"]) }.reduce(0, +)
            #expect(approved == 505 + 2_500, "the amount column adds up to what was approved")
        }
    }
}
