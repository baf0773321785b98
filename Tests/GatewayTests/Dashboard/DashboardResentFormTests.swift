import Foundation
@testable import Gateway
import GatewayAPI
import Processing
import Storage
import Testing

/// What a browser really does with a form: sends it twice at once, sends its fields in
/// another order, sends it after the session ended, and puts `+` for spaces in a query.
@Suite("Dashboard: a form sent again, late or differently")
struct DashboardResentFormTests {
    @Test func sixOverlappingConfirmsRefundOnceAndEveryPageShowsTheRefund() async throws {
        // The processor answers after a while, so the other five arrive while the first runs.
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(latency: .milliseconds(300)))
        let harness = try await GatewayHarness.dashboard(processor: processor)
        try await harness.browse { browser, session in
            let sale = try await session.pay(amount: 2_500)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(sale.id)")
            let confirmed = DashboardActionTests.form(page, action: "refund") + [("amount", "5.00"), ("confirm", "yes")]
            let answers = try await withThrowingTaskGroup(of: TestReply.self) { group in
                for _ in 0..<6 { group.addTask { try await browser.post("/dashboard/payments/\(sale.id)/act", confirmed) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for answer in answers {
                #expect(answer.status == 303 && answer.headers[.location] == "/dashboard/payments/\(sale.id)?done=refund", "\(answer.text.prefix(300))")
            }
            let operations = try await harness.store.read { try await $0.followUps(of: sale.id, merchantId: harness.merchantId) }
            #expect(operations.count == 1 && operations[0].amount == 500)
        }
    }

    @Test func theSameFieldsInAnotherOrderAreTheSameForm() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let sale = try await session.pay(amount: 2_500)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(sale.id)")
            let fields = DashboardActionTests.form(page, action: "refund") + [("amount", "5.00"), ("confirm", "yes")]
            #expect(try await browser.post("/dashboard/payments/\(sale.id)/act", fields).status == 303)
            let again = try await browser.post("/dashboard/payments/\(sale.id)/act", fields.reversed())
            #expect(again.status == 303 && again.headers[.location] == "/dashboard/payments/\(sale.id)?done=refund", "\(again.text.prefix(300))")
            let changed = try await browser.post("/dashboard/payments/\(sale.id)/act", fields.map { $0.0 == "amount" ? ("amount", "6.00") : $0 })
            #expect(changed.status == 409 && changed.text.contains("this form was already sent with other values"))
            let operations = try await harness.store.read { try await $0.followUps(of: sale.id, merchantId: harness.merchantId) }
            #expect(operations.count == 1)
        }
    }

    @Test func aConfirmSentAfterTheSessionEndedLandsOnThePaymentAfterSignIn() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let sale = try await session.pay(amount: 2_500)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(sale.id)")
            browser.forget(DashboardCookies.session)
            let late = try await browser.post(
                "/dashboard/payments/\(sale.id)/act", DashboardActionTests.form(page, action: "void") + [("confirm", "yes")])
            let next = "/dashboard/payments/\(sale.id)"
            #expect(late.status == 303 && late.headers[.location] == DashboardPath.signIn.with([("next", next)]))
            let signedIn = try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password, next: next)
            #expect(signedIn.headers[.location] == next)
            let landed = try await browser.get(next)
            #expect(landed.status == 200 && landed.text.contains(#"id="act-void""#), "nothing was voided, and the page is the payment's")
        }
    }

    @Test func aPlusInTheQueryIsASpace() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let body = TestSession.cardBody().replacingOccurrences(of: "order-1", with: "Ada Lovelace")
            #expect(try await session.send(.post, APIPath.sale, json: body).status == 201)
            _ = try await session.pay()
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let found = try await browser.get("/dashboard?q=Ada+Lovelace")
            #expect(found.status == 200 && found.text.contains("1 transactions"), "\(found.text.prefix(200))")
            #expect(found.text.contains(#"value="Ada Lovelace""#), "the box shows what was typed")
        }
    }
}
