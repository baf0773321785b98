import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// The payments list says what happened to each payment's money: a badge for a refund in
/// part or in full, a partial approval, a void, a decline; and its captured, refunded and
/// net amounts in columns of their own.
@Suite("Dashboard: what the list shows of each payment")
struct DashboardListBadgesTests {
    @Test func badgesAndTotalsFollowThePaymentsMoney() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let refunded = try await session.pay(amount: 2_500)
            #expect(try await session.followUp(refunded.id, .refund, json: #"{"amount":700}"#).status == 201)
            // 4000 0000 0000 0077 approves half of an amount ending in 10 (ISO 10, partial approval).
            let partial = try await session.pay(pan: "4000000000000077", amount: 2_010)
            let declined = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: "4000000000000002", amount: 900))
            let voided = try await session.pay("authorization", amount: 1_200)
            #expect(try await session.followUp(voided.id, .void).status == 201)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let list = try await browser.get("/dashboard")
            let row = { (id: String) in Self.row(of: id, in: list.text) }
            #expect(row(refunded.id).contains(#"<span class="status s-captured">captured</span> <span class="status s-partial">partially refunded</span>"#))
            #expect(row(refunded.id).contains(#"<td class="num">$25.00</td><td class="num">$7.00</td><td class="num">$18.00</td>"#), "\(row(refunded.id))")
            #expect(row(partial.id).contains("partially approved") && row(partial.id).contains("$10.05<br><small class=\"asked\">asked $20.10"))
            let declinedId = try declined.decode(TransactionResource.self).id
            #expect(row(declinedId).contains(#"<span class="status s-declined">declined</span>"#) && row(declinedId).contains("$0.00"))
            #expect(row(voided.id).contains(#"<span class="status s-voided">voided</span>"#) && !row(voided.id).contains("partially"))
            let page = try await browser.get("/dashboard/payments/\(refunded.id)")
            #expect(page.text.contains(#"<span class="status s-partial">partially refunded</span>"#))
        }
    }

    /// The table row of the list that links to payment `id`.
    static func row(of id: String, in html: String) -> String {
        guard let link = html.range(of: "/dashboard/payments/\(id)\""),
              let start = html[..<link.lowerBound].range(of: "<tr>", options: .backwards),
              let end = html[link.upperBound...].range(of: "</tr>") else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }
}

/// The Batches page lists a page of batches at a time, newest first, with links to the rest.
@Suite("Dashboard: batches page by page")
struct DashboardBatchPagesTests {
    @Test func twentyFiveClosedBatchesAreTwoPages() async throws {
        let harness = try await GatewayHarness.dashboard()
        let merchantId = harness.merchantId
        try await harness.store.write { writer in
            for number in 1...25 {
                var batch = Batch(id: String(format: "b_%02d", number), merchantId: merchantId, openedAt: Date(timeIntervalSince1970: Double(number) * 86_400))
                batch.closedAt = batch.openedAt.addingTimeInterval(3_600)
                try await writer.insert(batch)
            }
        }
        try await harness.browse { browser, _ in
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let first = try await browser.get("/dashboard/batches")
            let ids = { (page: TestReply) in page.text.matches(of: /id="batch-(b_\d+)"/).map { String($0.1) } }
            #expect(ids(first) == (6...25).reversed().map { String(format: "b_%02d", $0) })
            #expect(first.text.contains("Page 1 of 2") && first.text.contains(#"<a rel="next" href="/dashboard/batches?page=2">"#))
            let second = try await browser.get("/dashboard/batches?page=2")
            #expect(ids(second) == (1...5).reversed().map { String(format: "b_%02d", $0) })
            #expect(second.text.contains(#"<a rel="prev" href="/dashboard/batches?page=1">"#) && !second.text.contains(#"rel="next""#))
            #expect(try await browser.get("/dashboard/batches?page=0").status == 400)
        }
    }
}
