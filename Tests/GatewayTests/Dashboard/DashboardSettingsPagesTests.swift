import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// The webhooks and devices pages: what an admin changes there goes through the API's own
/// services (and validation); a viewer looks only; another merchant's are not found.
@Suite("Dashboard: webhooks and devices")
struct DashboardSettingsPagesTests {
    @Test func anAdminAddsAnEndpointSeesItsSecretOnceAndItsDeliveriesThenRemovesIt() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/webhooks")
            let csrf = DashboardBrowser.csrf(in: page)
            let key = DashboardBrowser.key(in: page, action: "/dashboard/webhooks")
            let bad = try await browser.post("/dashboard/webhooks", [("csrf", csrf), ("key", key), ("url", "ftp://x"), ("events", "")])
            #expect(bad.status == 400 && bad.text.contains("Not added:"))
            // A refused form keeps nothing under its key: corrected, it is sent again.
            let form = [("csrf", csrf), ("key", key), ("url", "https://shop.example/<hooks>"), ("events", "transaction.captured")]
            let added = try await browser.post("/dashboard/webhooks", form)
            #expect(added.status == 200 && added.text.contains("shown only this once: <code>whsec_"))
            #expect(added.text.contains("https://shop.example/&lt;hooks&gt;"))
            // A reload sends the form again: it adds nothing and shows no secret.
            let reloaded = try await browser.post("/dashboard/webhooks", form)
            #expect(reloaded.status == 409 && reloaded.text.contains("shown only once") && !reloaded.text.contains("whsec_"))
            #expect(try await harness.services.webhookEndpoints.list(merchantId: harness.merchantId).count == 1)
            #expect(!(try await browser.get("/dashboard/webhooks")).text.contains("whsec_"), "the secret is not shown again")
            let sale = try await session.pay()
            let deliveries = try await browser.get("/dashboard/webhooks")
            #expect(deliveries.text.contains("\">transaction.captured</a></td><td><a href=\"/dashboard/payments/\(sale.id)\">"))
            let endpoint = try #require(try await harness.store.read { try await $0.webhookEndpoints(merchantId: harness.merchantId) }.first)
            let remove = "/dashboard/webhooks/\(endpoint.id)/remove"
            let removeForm = [("csrf", csrf), ("key", DashboardBrowser.key(in: deliveries, action: remove))]
            let asked = try await browser.post(remove, removeForm)
            #expect(asked.status == 200 && asked.text.contains("Remove the webhook endpoint https://shop.example/&lt;hooks&gt;?"))
            #expect(try await harness.services.webhookEndpoints.list(merchantId: harness.merchantId).count == 1, "asking removes nothing")
            #expect(try await browser.post(remove, removeForm + [("confirm", "yes")]).status == 303)
            #expect(try await harness.services.webhookEndpoints.list(merchantId: harness.merchantId).isEmpty)
            #expect(try await browser.post(remove, removeForm + [("confirm", "yes")]).status == 303, "the same form again: the same answer")
            #expect(try await browser.post(remove, [("csrf", csrf), ("key", String(repeating: "n", count: 20))]).status == 404)
        }
    }

    @Test func anAdminCreatesAClientSeesItsSecretOnceAndRevokesIt() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/clients")
            #expect(page.text.contains(harness.clientId) && page.text.contains("ecommerceSale"))
            let csrf = DashboardBrowser.csrf(in: page)
            let created = try await browser.post(
                "/dashboard/clients", [("csrf", csrf), ("key", DashboardBrowser.key(in: page, action: "/dashboard/clients")), ("name", "<b>Till app</b>")])
            #expect(created.status == 200 && created.text.contains("&lt;b&gt;Till app&lt;/b&gt;"))
            let id = try #require(created.text.firstMatch(of: /Client <code>(tl_[0-9a-f]+)<\/code>/).map { String($0.1) })
            let secret = try #require(created.text.firstMatch(of: /shown only this once: <code>([^<]+)<\/code>/).map { String($0.1) })
            let listed = try await browser.get("/dashboard/clients")
            #expect(!listed.text.contains(secret), "the secret is not shown again")
            let token = #"{"grant_type":"client_credentials","client_id":"\#(id)","client_secret":"\#(secret)"}"#
            #expect(try await session.send(.post, APIPath.token, json: token).status == 200, "the new client works")
            let revoke = "/dashboard/clients/\(id)/revoke"
            let revokeForm = [("csrf", csrf), ("key", DashboardBrowser.key(in: listed, action: revoke))]
            #expect(try await browser.post(revoke, revokeForm).text.contains("Revoke the API client &lt;b&gt;Till app&lt;/b&gt;?"))
            #expect(try await session.send(.post, APIPath.token, json: token).status == 200, "asking revokes nothing")
            #expect(try await browser.post(revoke, revokeForm + [("confirm", "yes")]).status == 303)
            #expect(try await session.send(.post, APIPath.token, json: token).status == 401, "a revoked client gets no token")
            #expect(try await browser.post("/dashboard/clients/tl_nope/revoke", [("csrf", csrf), ("key", String(repeating: "n", count: 20))]).status == 404)
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let viewed = try await browser.get("/dashboard/clients")
            #expect(!viewed.text.contains("create-client"))
            #expect(try await browser.post("/dashboard/clients", [("csrf", DashboardBrowser.csrf(in: viewed)), ("name", "x")]).status == 403)
        }
    }

    @Test func anAdminTurnsTapToPayOffAndOnAndAViewerCannot() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await session.activateDevice("till-9")
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let viewed = try await browser.get("/dashboard/devices")
            #expect(viewed.text.contains("till-9") && viewed.text.contains("Active") && !viewed.text.contains("Deactivate"))
            let refused = try await browser.post("/dashboard/devices/till-9/tap-to-pay", [("csrf", DashboardBrowser.csrf(in: viewed)), ("tapToPay", "deactivate")])
            #expect(refused.status == 403)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/devices")
            let csrf = DashboardBrowser.csrf(in: page)
            #expect(try await browser.post("/dashboard/devices/till-9/tap-to-pay", [("csrf", csrf), ("tapToPay", "deactivate")]).status == 303)
            let off = try #require(try await harness.store.read { try await $0.device(merchantId: harness.merchantId, deviceId: "till-9") })
            #expect(off.tapToPayStatus == .deactivated)
            #expect(try await browser.post("/dashboard/devices/till-9/tap-to-pay", [("csrf", csrf), ("tapToPay", "activate")]).status == 303)
            #expect(try await browser.post("/dashboard/devices/nope/tap-to-pay", [("csrf", csrf), ("tapToPay", "activate")]).status == 404)
            #expect(try await browser.post("/dashboard/devices/till-9/tap-to-pay", [("csrf", csrf), ("tapToPay", "explode")]).status == 400)
        }
    }
}
