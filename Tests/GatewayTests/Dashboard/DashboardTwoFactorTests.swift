import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// Two-factor sign-in (RFC 6238): a user turns it on with a code of the key the page shows;
/// then sign-in needs the app's current code, each code once; the user turns it off with a
/// code, or an admin does for a teammate who lost their phone. Each change is audited.
@Suite("Dashboard: two-factor sign-in")
struct DashboardTwoFactorTests {
    static func signIn(_ browser: DashboardBrowser, code: String) async throws -> TestReply {
        let page = try await browser.get("/dashboard/sign-in")
        return try await browser.post("/dashboard/sign-in", [
            ("csrf", DashboardBrowser.csrf(in: page)), ("next", "/dashboard"), ("email", "viewer@shop.example"),
            ("password", DashboardHarness.password), ("code", code),
        ])
    }

    @Test func aCodeOfTheAppIsAskedAtSignInOnceItIsOn() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            #expect(try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password).status == 303)
            let page = try await browser.get("/dashboard/password")
            let secret = try #require(page.text.firstMatch(of: /<code id="totp-secret">([A-Z2-7]+)<\/code>/).map { String($0.1) })
            let totp = try #require(TOTP(base32: secret))
            #expect(page.text.contains("otpauth://totp/Tapline%3Aviewer@shop.example?secret=\(secret)"))
            let csrf = DashboardBrowser.csrf(in: page)
            let wrong = try await browser.post("/dashboard/two-factor", [("csrf", csrf), ("secret", secret), ("code", "000000")])
            #expect(wrong.status == 400 && wrong.text.contains(secret), "refused, and the same key is offered again")
            let on = try await browser.post("/dashboard/two-factor", [("csrf", csrf), ("secret", secret), ("code", totp.code(at: harness.clock.now()))])
            #expect(on.status == 303)
            #expect(try await harness.store.read { try await $0.dashboardUser(email: "viewer@shop.example") }?.totpSecret == secret)

            let stranger = DashboardBrowser(session.client)
            #expect(try await Self.signIn(stranger, code: "").status == 401, "the password alone no longer signs in")
            #expect(try await Self.signIn(stranger, code: totp.code(at: harness.clock.now())).status == 401, "the code that turned it on is used")
            harness.clock.advance(by: 30)
            let code = totp.code(at: harness.clock.now())
            #expect(try await Self.signIn(stranger, code: String(code.prefix(3)) + " " + String(code.dropFirst(3))).status == 303, "spaces are fine")
            #expect(try await Self.signIn(DashboardBrowser(session.client), code: code).status == 401, "each code signs in once")

            harness.clock.advance(by: 30)
            let off = try await stranger.get("/dashboard/password")
            #expect(off.text.contains("On: signing in asks for the code"))
            let turnedOff = try await stranger.post("/dashboard/two-factor/off", [
                ("csrf", DashboardBrowser.csrf(in: off)), ("code", totp.code(at: harness.clock.now())),
            ])
            #expect(turnedOff.status == 303)
            #expect(try await Self.signIn(DashboardBrowser(session.client), code: "").status == 303, "off: the password signs in again")
            let actions = try await harness.store.read { try await $0.dashboardAudit(merchantId: harness.merchantId, limit: 30) }.map(\.action)
            #expect(actions.contains("turn-on-two-factor") && actions.contains("turn-off-two-factor"))
        }
    }

    @Test func anAdminTurnsItOffForATeammateWhoLostTheirPhone() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.store.write { writer in
            guard var viewer = try await writer.dashboardUser(email: "viewer@shop.example") else { return }
            viewer.totpSecret = TOTP.generate().base32
            try await writer.update(viewer)
        }
        try await harness.browse { browser, session in
            #expect(try await Self.signIn(DashboardBrowser(session.client), code: "123456").status == 401)
            #expect(try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password).status == 303)
            let team = try await browser.get("/dashboard/team")
            #expect(team.text.contains("active, two-factor on"))
            let id = try #require(try await harness.store.read { try await $0.dashboardUser(email: "viewer@shop.example") }).id
            #expect(try await browser.post("/dashboard/team/\(id)/two-factor-off", [("csrf", DashboardBrowser.csrf(in: team))]).status == 303)
            #expect(try await Self.signIn(DashboardBrowser(session.client), code: "").status == 303)
        }
    }
}
