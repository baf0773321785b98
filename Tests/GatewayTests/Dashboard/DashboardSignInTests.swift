import Foundation
@testable import Gateway
import Storage
import Testing

/// Signing in and out of the dashboard: sessions in cookies, CSRF on every form, one
/// answer for every wrong sign-in, a lock after too many, and no way off the site.
@Suite("Dashboard: sign-in, sessions and CSRF")
struct DashboardSignInTests {
    static let admin = "admin@shop.example"

    @Test func aPageNeedsASessionAndSignInLeadsBackToIt() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            let asked = try await browser.get("/dashboard?status=captured")
            #expect(asked.status == 303)
            #expect(asked.headers[.location] == "/dashboard/sign-in?next=%2Fdashboard%3Fstatus%3Dcaptured")
            let signedIn = try await browser.signIn(email: "Admin@Shop.example ", password: DashboardHarness.password, next: "/dashboard?status=captured")
            #expect(signedIn.status == 303 && signedIn.headers[.location] == "/dashboard?status=captured")
            let cookie = try #require(browser.lastSetCookies.first { $0.hasPrefix("tapline_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/dashboard"))
            #expect(!cookie.contains("Secure"), "not over TLS unless configured")
            let page = try await browser.get("/dashboard")
            #expect(page.status == 200 && page.text.contains(Self.admin) && page.text.contains("<h1>Payments</h1>"))
            #expect(page.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            #expect(page.headers[.cacheControl] == "no-store")
        }
    }

    @Test func aWrongPasswordAndAnUnknownEmailGetTheSameAnswer() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            let wrong = try await browser.signIn(email: Self.admin, password: "not the password")
            let unknown = try await browser.signIn(email: "nobody@shop.example", password: DashboardHarness.password)
            for reply in [wrong, unknown] {
                #expect(reply.status == 401)
                #expect(reply.text.contains("The email, password or code is not right"))
                #expect(browser.cookies["tapline_session"] == nil)
            }
            let strip = { (text: String) in text.replacingOccurrences(of: #"value="[^"]*""#, with: "", options: .regularExpression) }
            #expect(strip(wrong.text) == strip(unknown.text), "nothing tells the two apart")
        }
    }

    @Test func fiveWrongPasswordsInARowLockTheUserForFifteenMinutes() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            for _ in 0..<5 { #expect(try await browser.signIn(email: Self.admin, password: "guess").status == 401) }
            #expect(try await browser.signIn(email: Self.admin, password: DashboardHarness.password).status == 401, "locked")
            harness.clock.advance(by: 15 * 60 + 1)
            #expect(try await browser.signIn(email: Self.admin, password: DashboardHarness.password).status == 303)
            let user = try #require(try await harness.store.read { try await $0.dashboardUser(email: Self.admin) })
            #expect(user.failedSignIns == 0 && user.lockedUntil == nil)
        }
    }

    @Test func everySignInIsANewSessionAndSignOutEndsIt() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            try await browser.signIn(email: Self.admin, password: DashboardHarness.password)
            let first = try #require(browser.cookies["tapline_session"])
            harness.clock.advance(by: 1)
            try await browser.signIn(email: Self.admin, password: DashboardHarness.password)
            let second = try #require(browser.cookies["tapline_session"])
            #expect(first != second)
            #expect(try await harness.store.read { try await $0.dashboardSession(tokenHash: first) } == nil, "only hashes are kept")
            browser.setCookie("tapline_session", first)
            #expect(try await browser.get("/dashboard").status == 303, "the old session ended at the new sign-in")
            browser.setCookie("tapline_session", second)

            let page = try await browser.get("/dashboard")
            let noToken = try await browser.post("/dashboard/sign-out", [("csrf", "forged")])
            #expect(noToken.status == 403 && noToken.text.contains("This form has expired"))
            #expect(try await browser.get("/dashboard").status == 200, "still signed in")
            harness.clock.advance(by: 1)
            let out = try await browser.post("/dashboard/sign-out", [("csrf", DashboardBrowser.csrf(in: page))])
            #expect(out.status == 303 && out.headers[.location] == "/dashboard/sign-in")
            browser.setCookie("tapline_session", second)
            #expect(try await browser.get("/dashboard").status == 303, "the session is gone from the store, not just the cookie")
            let audit = try await harness.store.read { try await $0.dashboardAudit(merchantId: harness.merchantId, limit: 10) }
            #expect(audit.map(\.action) == ["sign-out", "sign-in", "sign-in"])
        }
    }

    @Test func signInNeedsTheFormsCSRFToken() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            let forged = try await browser.post(
                "/dashboard/sign-in", [("csrf", "x"), ("next", "/dashboard"), ("email", Self.admin), ("password", DashboardHarness.password)])
            #expect(forged.status == 403 && browser.cookies["tapline_session"] == nil)
            let unknownField = try await browser.post("/dashboard/sign-in", [("email", Self.admin), ("remember", "yes")])
            #expect(unknownField.status == 400 && unknownField.text.contains("remember"))
        }
    }

    @Test func anExpiredSessionSignsInAgainAndReturnsToThePageAsked() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            try await browser.signIn(email: Self.admin, password: DashboardHarness.password)
            harness.clock.advance(by: 8 * 3600 + 1)
            let asked = try await browser.get("/dashboard/payments/t_1")
            #expect(asked.status == 303 && asked.headers[.location] == "/dashboard/sign-in?next=%2Fdashboard%2Fpayments%2Ft_1")
            let back = try await browser.signIn(email: Self.admin, password: DashboardHarness.password, next: "/dashboard/payments/t_1")
            #expect(back.headers[.location] == "/dashboard/payments/t_1")
        }
    }

    @Test(arguments: ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/v1/transactions"])
    func nextNeverLeavesTheDashboard(_ next: String) async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            let reply = try await browser.signIn(email: Self.admin, password: DashboardHarness.password, next: next)
            #expect(reply.headers[.location] == "/dashboard")
        }
    }

    @Test func theCookieIsSecureWhenConfigured() async throws {
        var configuration = GatewayConfiguration()
        configuration.dashboard.passwordCost = 4
        configuration.dashboard.secureCookies = true
        let harness = try await GatewayHarness.make(configuration: configuration)
        _ = try await harness.services.admin.createDashboardUser(
            merchantId: harness.merchantId, email: Self.admin, role: .admin, password: DashboardHarness.password, cost: 4)
        try await harness.browse { browser, _ in
            try await browser.signIn(email: Self.admin, password: DashboardHarness.password)
            #expect(browser.lastSetCookies.allSatisfy { $0.hasSuffix("; Secure") })
        }
    }
}
