import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// One webhook event's page (deliveries and every attempt), resending it, and rotating an
/// endpoint's secret, against a real receiver on a loopback port, one worker pass at a time.
@Suite("Dashboard: webhook events, resend and secret rotation")
struct DashboardWebhookEventTests {
    static func quiet() async throws -> GatewayHarness {
        try await GatewayHarness.dashboard { $0.webhookWorkerEnabled = false }
    }

    /// The hidden value of `name` in the first form posting to `action`.
    static func hidden(_ name: String, in page: TestReply, form action: String) -> String {
        guard let start = page.text.range(of: #"action="\#(action)""#) else { return "" }
        let rest = page.text[start.upperBound...]
        return rest.firstMatch(of: try! Regex(#"name="\#(name)" value="([^"]*)""#)).map { String($0.output[1].substring ?? "") } ?? ""
    }

    @Test func anAdminSeesEachAttemptResendsTheEventOnceAndRotatesTheSecret() async throws {
        let harness = try await Self.quiet()
        let receiver = WebhookReceiver(answering: [500, 200])
        try await receiver.run { url in
            try await harness.browse { browser, session in
                let endpoint = try await session.createEndpoint(url: url, events: ["transaction.captured"])
                let sale = try await session.pay()
                let worker = harness.services.webhooks
                #expect(try await worker.deliverDue() == WebhookPassReport(attempted: 1, retried: 1))
                harness.clock.advance(by: 30)
                #expect(try await worker.deliverDue() == WebhookPassReport(attempted: 1, delivered: 1))
                try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
                harness.clock.advance(by: 1)  // the audit list orders by time: keep the sign-in before what follows
                let event = try #require(try await harness.store.read { try await $0.webhookEvents(WebhookEventQuery(merchantId: harness.merchantId)) }.items.first { $0.type == "transaction.captured" })
                #expect(try await browser.get("/dashboard/webhooks").text.contains(#"<a href="/dashboard/webhooks/events/\#(event.id)">"#))

                let page = try await browser.get("/dashboard/webhooks/events/\(event.id)")
                #expect(page.status == 200 && page.text.contains(#"<a href="/dashboard/payments/\#(sale.id)">"#))
                #expect(page.text.contains("<td>500</td><td>HTTP 500</td>") && page.text.contains("<td>200</td><td>delivered</td>"), "\(page.text)")
                #expect(page.text.contains("2 attempt(s)") && page.text.contains("&quot;id&quot;:&quot;\(event.id)&quot;"), "the body, escaped")

                let resend = "/dashboard/webhooks/events/\(event.id)/resend"
                let form = [("csrf", DashboardBrowser.csrf(in: page)), ("key", Self.hidden("key", in: page, form: resend)), ("endpointId", "")]
                let sent = try await browser.post(resend, form)
                #expect(sent.status == 303 && sent.headers[.location] == "/dashboard/webhooks/events/\(event.id)?resent=1", "\(sent.text.prefix(300))")
                #expect(try await browser.post(resend, form).status == 303, "a resent form is answered")
                let deliveries = try await harness.store.read { try await $0.webhookDeliveries(eventId: event.id, merchantId: harness.merchantId) }
                #expect(deliveries.map(\.status.rawValue).sorted() == ["delivered", "pending"], "sent again once")
                #expect(try await browser.get("/dashboard/webhooks/events/\(event.id)?resent=1").text.contains("Sent again"))

                harness.clock.advance(by: 1)
                // Rotate: asked first, then the new secret once; the resent confirmation rotates nothing more.
                let listing = try await browser.get("/dashboard/webhooks")
                let rotate = "/dashboard/webhooks/\(endpoint.id)/rotate-secret"
                let rotateForm = [("csrf", DashboardBrowser.csrf(in: listing)), ("key", Self.hidden("key", in: listing, form: rotate))]
                let asked = try await browser.post(rotate, rotateForm)
                #expect(asked.status == 200 && asked.text.contains("a new signing secret?") && asked.text.contains("stops working at once"))
                let sealed = { try await harness.store.read { try await $0.webhookEndpoint(id: endpoint.id, merchantId: harness.merchantId) }?.sealedSecret }
                let before = try await sealed()
                let rotated = try await browser.post(rotate, rotateForm + [("confirm", "yes")])
                let secret = try #require(rotated.text.firstMatch(of: #/<code>(whsec_[A-Za-z0-9_-]+)</code>/#).map { String($0.output.1) })
                let after = try await sealed()
                #expect(secret != endpoint.secret && after != before)
                let again = try await browser.post(rotate, rotateForm + [("confirm", "yes")])
                let afterAgain = try await sealed()
                #expect(again.status == 409 && again.text.contains("shown only once") && !again.text.contains("whsec_") && afterAgain == after)
                #expect(try await worker.deliverDue() == WebhookPassReport(attempted: 1, delivered: 1))
                let last = try #require(receiver.received.last)
                try WebhookSignature.verify(payload: last.body, header: last.headers["tapline-signature"] ?? "", secret: secret, now: harness.clock.now())
                let audit = try await harness.store.read { try await $0.dashboardAudit(merchantId: harness.merchantId, limit: 5) }.map(\.action)
                #expect(audit.prefix(2) == ["rotate-webhook-secret", "resend-webhook-event"])
            }
        }
    }

    @Test func aViewerLooksOnlyAndAnotherMerchantsEventIsNotFound() async throws {
        let harness = try await Self.quiet()
        try await harness.browse { browser, session in
            let endpoint = try await session.createEndpoint(url: "https://shop.example/<hooks>", events: ["transaction.captured"])
            _ = try await session.pay()
            let event = try #require(try await harness.store.read { try await $0.webhookEvents(WebhookEventQuery(merchantId: harness.merchantId)) }.items.first { $0.type == "transaction.captured" })
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/webhooks/events/\(event.id)")
            #expect(page.status == 200 && !page.text.contains("resend") && page.text.contains("https://shop.example/&lt;hooks&gt;"))
            let csrf = DashboardBrowser.csrf(in: page)
            let key = String(repeating: "k", count: 20)
            let resent = try await browser.post("/dashboard/webhooks/events/\(event.id)/resend", [("csrf", csrf), ("key", key)])
            #expect(resent.status == 403)
            let rotated = try await browser.post("/dashboard/webhooks/\(endpoint.id)/rotate-secret", [("csrf", csrf), ("key", key), ("confirm", "yes")])
            #expect(rotated.status == 403)
            #expect(try await harness.store.read { try await $0.webhookDeliveries(eventId: event.id, merchantId: harness.merchantId) }.count == 1)

            let otherToken = try await harness.otherMerchantToken(session.client)
            let theirs = try await session.send(
                .post, APIPath.webhookEndpoints, json: #"{"url":"https://other.example/hooks"}"#, token: otherToken).decode(WebhookEndpointResource.self)
            _ = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), token: otherToken)
            let theirEvent = try #require(try await session.send(.get, APIPath.events, token: otherToken).decode(WebhookEventList.self).items.first { $0.type == "transaction.captured" })
            browser.forget(DashboardCookies.session)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let admin = try await browser.get("/dashboard/webhooks")
            #expect(try await browser.get("/dashboard/webhooks/events/\(theirEvent.id)").status == 404)
            let foreign = try await browser.post(
                "/dashboard/webhooks/\(theirs.id)/rotate-secret", [("csrf", DashboardBrowser.csrf(in: admin)), ("key", key), ("confirm", "yes")])
            #expect(foreign.status == 404)
            let foreignResend = try await browser.post(
                "/dashboard/webhooks/events/\(theirEvent.id)/resend", [("csrf", DashboardBrowser.csrf(in: admin)), ("key", key)])
            #expect(foreignResend.status == 404)
            // An endpoint that is not subscribed, named: the page says why nothing was sent.
            _ = try await session.send(.delete, APIPath.webhookEndpoint(endpoint.id))
            let orphan = try await browser.post(
                "/dashboard/webhooks/events/\(event.id)/resend", [("csrf", DashboardBrowser.csrf(in: admin)), ("key", key + "x")])
            #expect(orphan.status == 400 && orphan.text.contains("Not sent: no endpoint subscribes to transaction.captured"), "\(orphan.text.prefix(500))")
        }
    }
}
