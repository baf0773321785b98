import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// An admin's actions on a payment: asked, confirmed, done once through the API's use case;
/// refused with the reason when the payment's state forbids them; never by a viewer.
@Suite("Dashboard: actions on a payment")
struct DashboardActionTests {
    static func form(_ page: TestReply, action: String) -> [(String, String)] {
        let key = page.text.firstMatch(of: try! Regex(#"name="action" value="\#(action)">\s*<input type="hidden" name="key" value="([^"]+)""#))
        return [("csrf", DashboardBrowser.csrf(in: page)), ("action", action), ("key", key.map { String($0.output[1].substring ?? "") } ?? "")]
    }

    @Test func anAdminRefundsPartOfASaleOnceAfterConfirming() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let sale = try await session.pay(amount: 2_500)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(sale.id)")
            #expect(page.text.contains(#"id="act-refund""#) && page.text.contains(#"id="act-void""#))
            let fields = Self.form(page, action: "refund") + [("amount", "7.00")]
            let asked = try await browser.post("/dashboard/payments/\(sale.id)/act", fields)
            #expect(asked.status == 200 && asked.text.contains("Refund $7.00 on sale $25.00?"), "\(asked.text.prefix(400))")
            #expect(try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self).amounts?.refunded == 0)

            let confirmed = fields + [("confirm", "yes")]
            harness.clock.advance(by: 1)
            let done = try await browser.post("/dashboard/payments/\(sale.id)/act", confirmed)
            #expect(done.status == 303 && done.headers[.location] == "/dashboard/payments/\(sale.id)?done=refund", "\(done.text.prefix(400))")
            let again = try await browser.post("/dashboard/payments/\(sale.id)/act", confirmed)
            #expect(again.status == 303, "a resent form is answered, not acted on twice")
            let payment = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(payment.amounts?.refunded == 700)
            let operations = try await harness.store.read { try await $0.followUps(of: sale.id, merchantId: harness.merchantId) }
            #expect(operations.count == 1 && operations[0].createdById == "dashboard:admin@shop.example")
            let shown = try await browser.get("/dashboard/payments/\(sale.id)?done=refund")
            #expect(shown.text.contains("Refund: done.") && shown.text.contains("Refunded</dt><dd>$7.00"))
            let audit = try await harness.store.read { try await $0.dashboardAudit(merchantId: harness.merchantId, limit: 5) }
            #expect(audit.first?.action == "refund" && audit.first?.subjectId == sale.id)
            let list = try await browser.get("/dashboard/audit")
            #expect(list.status == 200 && list.text.contains("<td>admin@shop.example</td><td>refund</td>"))
            #expect(list.text.contains(#"<a href="/dashboard/payments/\#(sale.id)">"#) && list.text.contains("approved: 7.00 USD"), "the audit keeps what was done in a neutral form")
        }
    }

    @Test func whatThePaymentsStateForbidsIsSaidAndNothingChanges() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let sale = try await session.pay(amount: 2_500)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(sale.id)")
            let tooMuch = Self.form(page, action: "refund") + [("amount", "30.00"), ("confirm", "yes")]
            let refused = try await browser.post("/dashboard/payments/\(sale.id)/act", tooMuch)
            #expect(refused.status == 409 && refused.text.contains("Nothing was changed: refund amount 3000 exceeds the available 2500"),
                    "\(refused.text.prefix(600))")
            _ = try await session.send(.post, APIPath.closeBatch)
            let settled = try await browser.get("/dashboard/payments/\(sale.id)")
            #expect(!settled.text.contains(#"id="act-void""#), "a settled payment offers no void")
            let void = try await browser.post("/dashboard/payments/\(sale.id)/act", Self.form(page, action: "void") + [("confirm", "yes")])
            #expect(void.status == 409 && void.text.contains("cannot void a payment that is captured and settled"))
            #expect(try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self).status == .captured)
            for bad in [("amount", "abc"), ("amount", "-1"), ("amount", "1.234")] {
                let reply = try await browser.post("/dashboard/payments/\(sale.id)/act", Self.form(settled, action: "refund") + [bad])
                #expect(reply.status == 400, "\(bad)")
            }
        }
    }

    @Test func aViewerSeesNoActionsAndIsRefusedOne() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let sale = try await session.pay()
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(sale.id)")
            #expect(page.status == 200 && !page.text.contains("act-refund"))
            let forced = try await browser.post(
                "/dashboard/payments/\(sale.id)/act",
                [("csrf", DashboardBrowser.csrf(in: page)), ("action", "refund"), ("key", String(repeating: "k", count: 20)), ("confirm", "yes")])
            #expect(forced.status == 403 && forced.text.contains("your role is viewer"))
            #expect(try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self).status == .captured)
        }
    }

    @Test func anActionNeedsTheSessionsCSRFTokenAndTheMerchantsPayment() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let sale = try await session.pay()
            let otherToken = try await harness.otherMerchantToken(session.client)
            let theirs = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), token: otherToken).decode(TransactionResource.self)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(sale.id)")
            var forged = Self.form(page, action: "void")
            forged[0] = ("csrf", "forged")
            #expect(try await browser.post("/dashboard/payments/\(sale.id)/act", forged + [("confirm", "yes")]).status == 403)
            let foreign = try await browser.post("/dashboard/payments/\(theirs.id)/act", Self.form(page, action: "void") + [("confirm", "yes")])
            #expect(foreign.status == 404)
            #expect(try await session.send(.get, APIPath.transaction(theirs.id), token: otherToken).decode(TransactionResource.self).status == .captured)
            // An ACH debit's void is called a cancel.
            let debit = try await session.send(.post, APIPath.achDebit, json: ACHExamples.body()).decode(TransactionResource.self)
            #expect(try await browser.get("/dashboard/payments/\(debit.id)").text.contains("Cancel…"))
        }
    }
}
