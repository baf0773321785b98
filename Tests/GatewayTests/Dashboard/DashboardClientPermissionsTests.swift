import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// An API client's page: an admin sets its permissions with checkboxes, and the client's next
/// token can do exactly that; a viewer looks only; another merchant's client is not found.
@Suite("Dashboard: API client permissions")
struct DashboardClientPermissionsTests {
    static func checked(_ page: TestReply) -> [String] {
        page.text.matches(of: #/<input type="checkbox" id="p\.(\w+)" name="p\.\w+" checked>/#).map { String($0.output.1) }
    }

    @Test func anAdminNarrowsAClientAndItsNextTokenCanDoOnlyThat() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            harness.clock.advance(by: 1)
            #expect(try await browser.get("/dashboard/clients").text.contains(#"<a href="/dashboard/clients/\#(harness.clientId)">"#))
            let page = try await browser.get("/dashboard/clients/\(harness.clientId)")
            #expect(page.status == 200 && Self.checked(page).contains("ecommerceSale") && page.text.contains(#"id="save-permissions""#))
            let saved = try await browser.post(
                "/dashboard/clients/\(harness.clientId)/permissions",
                [("csrf", DashboardBrowser.csrf(in: page)), ("p.getTransactionDetails", "on"), ("p.listTransactions", "on")])
            #expect(saved.status == 200 && saved.text.contains("Saved: 2 permissions"), "\(saved.text.prefix(500))")
            #expect(Self.checked(saved) == ["listTransactions", "getTransactionDetails"])
            let stored = try await harness.store.read { try await $0.apiClient(id: harness.clientId) }?.permissions
            #expect(stored == ["listTransactions", "getTransactionDetails"])

            let narrowed = try await TestSession.token(session.client, clientId: harness.clientId, secret: harness.clientSecret)
            #expect(try await session.send(.get, APIPath.transactions, token: narrowed).status == 200)
            #expect(try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), token: narrowed).status == 403)
            let audit = try #require(try await harness.store.read { try await $0.dashboardAudit(merchantId: harness.merchantId, limit: 1) }.first)
            #expect(audit.action == "update-api-client-permissions" && audit.detail?.hasPrefix("added: none; removed: ") == true)
            #expect(audit.detail?.contains("ecommerceSale") == true)

            let unknown = try await browser.post(
                "/dashboard/clients/\(harness.clientId)/permissions", [("csrf", DashboardBrowser.csrf(in: page)), ("p.flyToTheMoon", "on")])
            #expect(unknown.status == 400 && unknown.text.contains("the form has no field p.flyToTheMoon"))
            _ = try await harness.services.admin.revokeClient(id: harness.clientId, merchantId: harness.merchantId)
            let revoked = try await browser.get("/dashboard/clients/\(harness.clientId)")
            #expect(revoked.text.contains("<fieldset disabled>") && revoked.text.contains(", revoked "))
            let late = try await browser.post(
                "/dashboard/clients/\(harness.clientId)/permissions", [("csrf", DashboardBrowser.csrf(in: page)), ("p.ecommerceSale", "on")])
            #expect(late.status == 400)
        }
    }

    @Test func aViewerLooksOnlyAndAnotherMerchantsClientIsNotFound() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/clients/\(harness.clientId)")
            #expect(page.status == 200 && page.text.contains("<fieldset disabled>") && !page.text.contains("save-permissions"))
            let before = try await harness.store.read { try await $0.apiClient(id: harness.clientId) }?.permissions
            let refused = try await browser.post(
                "/dashboard/clients/\(harness.clientId)/permissions", [("csrf", DashboardBrowser.csrf(in: page)), ("p.listTransactions", "on")])
            #expect(refused.status == 403 && refused.text.contains("your role is viewer"))
            #expect(try await harness.store.read { try await $0.apiClient(id: harness.clientId) }?.permissions == before)

            let other = try await harness.services.admin.createMerchant(name: "Other")
            let theirs = try await harness.services.admin.createClient(merchantId: other.id, name: "<b>theirs</b>")
            #expect(try await browser.get("/dashboard/clients/\(theirs.client.id)").status == 404)
            browser.forget(DashboardCookies.session)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let admin = try await browser.get("/dashboard/clients")
            let foreign = try await browser.post(
                "/dashboard/clients/\(theirs.client.id)/permissions", [("csrf", DashboardBrowser.csrf(in: admin)), ("p.listTransactions", "on")])
            #expect(foreign.status == 404)
            #expect(try await harness.store.read { try await $0.apiClient(id: theirs.client.id) }?.permissions == theirs.client.permissions)
            await #expect(throws: AdminError.self, "the use case keeps the tenancy too") {
                try await harness.services.admin.updatePermissions(clientId: theirs.client.id, merchantId: harness.merchantId, grant: [.achDebit])
            }
        }
    }
}
