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
            let bad = try await browser.post("/dashboard/webhooks", [("csrf", csrf), ("url", "ftp://x"), ("events", "")])
            #expect(bad.status == 400 && bad.text.contains("Not added:"))
            let added = try await browser.post(
                "/dashboard/webhooks", [("csrf", csrf), ("url", "https://shop.example/<hooks>"), ("events", "transaction.captured")])
            #expect(added.status == 200 && added.text.contains("shown only this once: <code>whsec_"))
            #expect(added.text.contains("https://shop.example/&lt;hooks&gt;"))
            #expect(!(try await browser.get("/dashboard/webhooks")).text.contains("whsec_"), "the secret is not shown again")
            let sale = try await session.pay()
            let deliveries = try await browser.get("/dashboard/webhooks")
            #expect(deliveries.text.contains("<td>transaction.captured</td><td><a href=\"/dashboard/payments/\(sale.id)\">"))
            let endpoint = try #require(try await harness.store.read { try await $0.webhookEndpoints(merchantId: harness.merchantId) }.first)
            #expect(try await browser.post("/dashboard/webhooks/\(endpoint.id)/remove", [("csrf", csrf)]).status == 303)
            #expect(try await harness.services.webhookEndpoints.list(merchantId: harness.merchantId).isEmpty)
            #expect(try await browser.post("/dashboard/webhooks/\(endpoint.id)/remove", [("csrf", csrf)]).status == 404)
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
