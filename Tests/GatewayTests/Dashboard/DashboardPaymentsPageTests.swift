import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// The payments list and a payment's page: the merchant's own only, filters and paging,
/// every client-sent text escaped, forms labelled and tables headed.
@Suite("Dashboard: payments list and payment page")
struct DashboardPaymentsPageTests {
    static let hostile = "<script>alert('x')</script>"

    static func signedIn(_ browser: DashboardBrowser) async throws {
        let reply = try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
        #expect(reply.status == 303)
    }

    @Test func textAClientSentIsEscapedEverywhere() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let body = #"{"amount":1200,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030,"referenceId":"\#(Self.hostile)","contactInfo":{"firstName":"\#(Self.hostile)","email":"a\"<b>@x.example"}}"#
            // A webhook URL, a device's name and an API client's name, each with markup in it.
            let endpoint = try await session.createEndpoint(url: "https://merchant.example/<script>alert(1)</script>")
            #expect(try await session.send(.post, APIPath.devices, json: #"{"deviceId":"till-9","deviceName":"\#(Self.hostile)"}"#).status < 300)
            let client = try await harness.services.admin.createClient(merchantId: harness.merchantId, name: Self.hostile)
            let sale = try await session.send(.post, APIPath.sale, json: body).decode(TransactionResource.self)
            let event = try #require(try await session.send(.get, APIPath.events + "?type=transaction.captured").decode(WebhookEventList.self).items.first)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let rotated = try await browser.post("/dashboard/webhooks/\(endpoint.id)/rotate-secret", [
                ("csrf", DashboardBrowser.csrf(in: try await browser.get("/dashboard/webhooks"))), ("key", String(repeating: "r", count: 20)),
            ])
            #expect(!rotated.text.contains("<script>") && rotated.text.contains("&lt;script&gt;"), "the confirmation names the URL, escaped")
            let confirmed = try await browser.post("/dashboard/webhooks/\(endpoint.id)/rotate-secret", [
                ("csrf", DashboardBrowser.csrf(in: rotated)), ("key", String(repeating: "r", count: 20)), ("confirm", "yes"),
            ])
            #expect(confirmed.status == 200, "the audit list now names the URL")
            for path in [
                "/dashboard", "/dashboard/payments/\(sale.id)", "/dashboard?reference=\(Self.hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
                "/dashboard/webhooks", "/dashboard/webhooks/events/\(event.id)", "/dashboard/devices", "/dashboard/clients",
                "/dashboard/clients/\(client.client.id)", "/dashboard/audit",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == 200, "\(path)")
                #expect(!page.text.contains("<script>"), "\(path) has raw markup from a client")
                #expect(page.text.contains("&lt;script&gt;"), "\(path) shows the text, escaped")
            }
        }
    }

    @Test func onlyTheMerchantsOwnPaymentsAreListedOrShown() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let mine = try await session.pay()
            let otherToken = try await harness.otherMerchantToken(session.client)
            let theirs = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), token: otherToken).decode(TransactionResource.self)
            try await Self.signedIn(browser)
            let list = try await browser.get("/dashboard")
            #expect(list.text.contains(mine.id) && !list.text.contains(theirs.id))
            let foreign = try await browser.get("/dashboard/payments/\(theirs.id)")
            #expect(foreign.status == 404 && foreign.text.contains("Not found") && !foreign.text.contains("4242"))
        }
    }

    @Test func filtersAndPagingNarrowTheList() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            var ids: [String] = []
            for index in 0..<27 {
                harness.clock.advance(by: 20)
                ids.append(try await session.pay(amount: Int64(1_000 + index)).id)
            }
            _ = try await session.followUp(ids[0], .refund)
            try await Self.signedIn(browser)
            let first = try await browser.get("/dashboard")
            #expect(first.text.contains("27 transactions") && first.text.contains("Page 1 of 2"))
            #expect(first.text.contains(ids[26]) && !first.text.contains(ids[0]), "newest first, 25 a page")
            let second = try await browser.get("/dashboard?page=2")
            #expect(second.text.contains(ids[0]) && second.text.contains(ids[1]) && !second.text.contains(ids[26]))
            let refunded = try await browser.get("/dashboard?status=refunded")
            #expect(refunded.text.contains("1 transactions") && refunded.text.contains(ids[0]))
            let today = String(MerchantFormat.standard.time(harness.clock.now()).prefix(10))
            #expect(try await browser.get("/dashboard?from=\(today)&to=\(today)").text.contains("27 transactions"))
            #expect(try await browser.get("/dashboard?from=2001-01-01&to=2001-01-02").text.contains("0 transactions"))
            #expect(try await browser.get("/dashboard?type=achDebit").text.contains("0 transactions"))
            for bad in ["/dashboard?status=lost", "/dashboard?from=yesterday", "/dashboard?colour=red", "/dashboard?page=0"] {
                let refused = try await browser.get(bad)
                #expect(refused.status == 400, "\(bad)")
            }
        }
    }

    @Test func amountRangeLastFourAndTheSearchBoxFindPayments() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let small = try await session.pay(pan: "4242424242424242", amount: 500)
            let mastercard = try await session.pay(pan: "5555555555554444", amount: 1_500)
            let big = try await session.pay(pan: "4242424242424242", amount: 9_000)
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let ranged = try await browser.get("/dashboard?min=5.00&max=15.00")
            #expect(ranged.text.contains("2 transactions") && ranged.text.contains(small.id) && !ranged.text.contains(big.id))
            let byCard = try await browser.get("/dashboard?last4=4444")
            #expect(byCard.text.contains("1 transactions") && byCard.text.contains(mastercard.id))
            let byId = try await browser.get("/dashboard?q=\(big.id)")
            #expect(byId.text.contains("1 transactions") && byId.text.contains(big.id))
            #expect(try await browser.get("/dashboard?q=order-1").text.contains("3 transactions"), "the reference")
            for bad in ["/dashboard?min=ten", "/dashboard?last4=42", "/dashboard?last4=abcd"] {
                #expect(try await browser.get(bad).status == 400, "\(bad)")
            }
        }
    }

    @Test func aPaymentPageShowsItsTimelineCardAndBankAccount() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let sale = try await session.pay(amount: 2_500)
            _ = try await session.followUp(sale.id, .refund, json: #"{"amount":700}"#)
            let debit = try await session.send(.post, APIPath.achDebit, json: ACHExamples.body()).decode(TransactionResource.self)
            try await Self.signedIn(browser)
            let page = try await browser.get("/dashboard/payments/\(sale.id)")
            #expect(page.text.contains("sale (created)") && page.text.contains("<td>refund</td>") && page.text.contains("$7.00"))
            #expect(page.text.contains("424242******4242") && page.text.contains("Refunded</dt><dd>$7.00"))
            #expect(page.text.contains(">transaction.created</a></td><td>no endpoint subscribed</td>"))
            let ach = try await browser.get("/dashboard/payments/\(debit.id)")
            #expect(ach.text.contains("*****6789") && ach.text.contains("PPD") && !ach.text.contains("123456789"))
        }
    }

    @Test func aPaymentPageListsTheWebhookEventsItCausedAndTheirDeliveries() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            _ = try await session.createEndpoint(url: "https://merchant.example/<hooks>")
            let sale = try await session.pay(amount: 2_500)
            _ = try await session.followUp(sale.id, .refund, json: #"{"amount":100}"#)
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(sale.id)")
            for type in ["transaction.created", "transaction.captured", "transaction.refunded"] {
                // The URL escaped; how many attempts the worker made by now does not matter here.
                #expect(page.text.contains("\">\(type)</a></td><td>https://merchant.example/&lt;hooks&gt;: "), "\(type)")
            }
        }
    }

    @Test func everyInputHasALabelEveryTableHeadersAndPagesFitAPhone() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            _ = try await session.createEndpoint(url: "https://merchant.example/hooks")
            let sale = try await session.pay()
            let event = try #require(try await session.send(.get, APIPath.events + "?type=transaction.captured").decode(WebhookEventList.self).items.first)
            let signIn = try await browser.get("/dashboard/sign-in")
            try await Self.signedIn(browser)
            // Every page an admin (who sees every form) can open.
            let paths = [
                "/dashboard", "/dashboard/payments/\(sale.id)", "/dashboard/batches", "/dashboard/devices", "/dashboard/webhooks",
                "/dashboard/webhooks/events/\(event.id)", "/dashboard/clients", "/dashboard/clients/\(harness.clientId)", "/dashboard/settings",
                "/dashboard/audit",
            ]
            var pages = [("/dashboard/sign-in", signIn)]
            for path in paths { pages.append((path, try await browser.get(path))) }
            for (path, page) in pages {
                #expect(page.status == 200, "\(path)")
                #expect(page.text.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#), "\(path)")
                let ids = page.text.matches(of: /<(?:input|select)[^>]*\sid="([^"]+)"/).map { String($0.1) }
                for id in ids { #expect(page.text.contains(#"<label for="\#(id)">"#), "\(path): input \(id) has a label") }
                let unlabelled = page.text.matches(of: /<(?:input|select)(?![^>]*type="hidden")(?![^>]*\sid=)[^>]*>/).map { String($0.0) }
                #expect(unlabelled.isEmpty, "\(path): every visible input has an id and its label")
                #expect(page.text.components(separatedBy: "<table").count == page.text.components(separatedBy: "<thead>").count, "\(path)")
            }
            let css = try await browser.get("/dashboard/static/dashboard.css")
            #expect(css.status == 200 && css.text.contains("@media (max-width: 600px)"))
        }
    }
}
