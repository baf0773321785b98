import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// The team, managed by an admin: an invitation's one-time link (shown once, works once,
/// expires), a role changed, a new password required, a user removed; each user's own
/// password. Every change is audited, and an admin never changes or removes themselves.
@Suite("Dashboard: team")
struct DashboardTeamTests {
    static let newPassword = "a much longer secret 42"

    static func signedInAdmin(_ browser: DashboardBrowser) async throws {
        #expect(try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password).status == 303)
    }

    static func form(_ page: TestReply, action: String) -> [(String, String)] {
        [("csrf", DashboardBrowser.csrf(in: page))] + (DashboardBrowser.key(in: page, action: action).isEmpty ? [] : [("key", DashboardBrowser.key(in: page, action: action))])
    }

    static func id(of email: String, _ harness: GatewayHarness) async throws -> String {
        try #require(try await harness.store.read { try await $0.dashboardUser(email: email) }).id
    }

    @Test func anInvitationLinkIsShownOnceWorksOnceAndSignsIn() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await Self.signedInAdmin(browser)
            let team = try await browser.get("/dashboard/team")
            #expect(team.status == 200 && team.text.contains("viewer@shop.example"))
            let form = Self.form(team, action: "/dashboard/team") + [("email", "Ann@Shop.example"), ("role", "viewer")]
            let invited = try await browser.post("/dashboard/team", form)
            let link = try #require(invited.text.firstMatch(of: /<code id="invitation-link">([^<]+)<\/code>/).map { String($0.1) }, "\(invited.text)")
            let path = try #require(URL(string: link)?.path)
            #expect(link.hasPrefix("http://") && path.hasPrefix("/dashboard/invitation/"))
            let again = try await browser.post("/dashboard/team", form)
            #expect(again.status == 303 || !again.text.contains(link), "a reload never shows the link again")
            #expect(try await harness.store.read { try await $0.dashboardUsers(merchantId: harness.merchantId) }.count == 3, "one user, once")

            let newcomer = DashboardBrowser(session.client)
            #expect(try await newcomer.signIn(email: "ann@shop.example", password: "").status == 401, "no password before the link is used")
            let welcome = try await newcomer.get(path)
            #expect(welcome.status == 200 && welcome.text.contains("ann@shop.example (viewer)"))
            let csrf = DashboardBrowser.csrf(in: welcome)
            let differ = try await newcomer.post(path, [("csrf", csrf), ("password", Self.newPassword), ("repeat", Self.newPassword + "!")])
            #expect(differ.status == 400 && differ.text.contains("the two passwords differ"))
            let short = try await newcomer.post(path, [("csrf", csrf), ("password", "short"), ("repeat", "short")])
            #expect(short.status == 400 && short.text.contains("12 characters"))
            let accepted = try await newcomer.post(path, [("csrf", csrf), ("password", Self.newPassword), ("repeat", Self.newPassword)])
            #expect(accepted.status == 303 && accepted.headers[.location] == "/dashboard")
            #expect(try await newcomer.get("/dashboard").status == 200, "signed in")
            #expect(try await DashboardBrowser(session.client).get(path).status == 404, "the link works once")
            #expect(try await DashboardBrowser(session.client).signIn(email: "ann@shop.example", password: Self.newPassword).status == 303)
            let actions = try await harness.store.read { try await $0.dashboardAudit(merchantId: harness.merchantId, limit: 20) }.map(\.action)
            #expect(actions.contains("invite-user") && actions.contains("accept-invitation"))
        }
    }

    @Test func anInvitationExpires() async throws {
        let harness = try await GatewayHarness.dashboard()
        let admin = try #require(try await harness.store.read { try await $0.dashboardUser(email: "admin@shop.example") })
        let (_, token) = try await harness.services.dashboardAccounts.invite(email: "late@shop.example", role: .viewer, by: admin)
        harness.clock.advance(by: DashboardAccounts.invitationLifetime + 1)
        try await harness.browse { browser, _ in
            #expect(try await browser.get("/dashboard/invitation/\(token)").status == 404)
            try await Self.signedInAdmin(browser)
            #expect(try await browser.get("/dashboard/team").text.contains("invitation expired"))
        }
    }

    @Test func anAdminChangesARoleButNeverTheirOwn() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            try await Self.signedInAdmin(browser)
            let (viewer, admin) = (try await Self.id(of: "viewer@shop.example", harness), try await Self.id(of: "admin@shop.example", harness))
            let team = try await browser.get("/dashboard/team")
            #expect(!team.text.contains("/dashboard/team/\(admin)/role"), "no forms for oneself")
            let set = try await browser.post("/dashboard/team/\(viewer)/role", [("csrf", DashboardBrowser.csrf(in: team)), ("role", "admin")])
            #expect(set.status == 303)
            #expect(try await harness.store.read { try await $0.dashboardUser(email: "viewer@shop.example") }?.role == .admin)
            let own = try await browser.post("/dashboard/team/\(admin)/role", [("csrf", DashboardBrowser.csrf(in: team)), ("role", "viewer")])
            #expect(own.status == 409 && own.text.contains("Nothing was changed"))
            #expect(try await harness.store.read { try await $0.dashboardUser(email: "admin@shop.example") }?.role == .admin)
            let bad = try await browser.post("/dashboard/team/\(viewer)/role", [("csrf", DashboardBrowser.csrf(in: team)), ("role", "owner")])
            #expect(bad.status == 400)
            let audit = try await harness.store.read { try await $0.dashboardAudit(merchantId: harness.merchantId, limit: 5) }
            #expect(audit.contains { $0.action == "change-role" && $0.subjectId == viewer && $0.detail == "viewer@shop.example to admin" })
        }
    }

    @Test func aRequiredPasswordChangeComesBeforeEveryPageAndEndsOtherSessions() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let viewer = DashboardBrowser(session.client)
            let other = DashboardBrowser(session.client)
            #expect(try await viewer.signIn(email: "viewer@shop.example", password: DashboardHarness.password).status == 303)
            #expect(try await other.signIn(email: "viewer@shop.example", password: DashboardHarness.password).status == 303)
            try await Self.signedInAdmin(browser)
            let id = try await Self.id(of: "viewer@shop.example", harness)
            let team = try await browser.get("/dashboard/team")
            #expect(try await browser.post("/dashboard/team/\(id)/require-password-change", [("csrf", DashboardBrowser.csrf(in: team))]).status == 303)

            let led = try await viewer.get("/dashboard")
            #expect(led.status == 303 && led.headers[.location] == "/dashboard/password")
            let form = try await viewer.get("/dashboard/password")
            #expect(form.text.contains("An admin asks you to choose a new password"))
            let csrf = DashboardBrowser.csrf(in: form)
            let wrong = try await viewer.post("/dashboard/password", [("csrf", csrf), ("current", "not it"), ("password", Self.newPassword), ("repeat", Self.newPassword)])
            #expect(wrong.status == 400 && wrong.text.contains("the current password is not right"))
            let same = try await viewer.post("/dashboard/password", [
                ("csrf", csrf), ("current", DashboardHarness.password), ("password", DashboardHarness.password), ("repeat", DashboardHarness.password),
            ])
            #expect(same.status == 400)
            let changed = try await viewer.post("/dashboard/password", [
                ("csrf", csrf), ("current", DashboardHarness.password), ("password", Self.newPassword), ("repeat", Self.newPassword),
            ])
            #expect(changed.status == 303)
            #expect(try await viewer.get("/dashboard").status == 200, "the pages are open again")
            #expect(try await viewer.get("/dashboard/password?changed=1").text.contains("Your password was changed"))
            #expect(try await other.get("/dashboard").status == 303, "the other session ended")
            #expect(try await DashboardBrowser(session.client).signIn(email: "viewer@shop.example", password: Self.newPassword).status == 303)
            let actions = try await harness.store.read { try await $0.dashboardAudit(merchantId: harness.merchantId, limit: 20) }.map(\.action)
            #expect(actions.contains("require-password-change") && actions.contains("change-password"))
        }
    }

    @Test func aRemovedUserIsSignedOutAndAnAdminCannotRemoveThemselves() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let viewer = DashboardBrowser(session.client)
            #expect(try await viewer.signIn(email: "viewer@shop.example", password: DashboardHarness.password).status == 303)
            try await Self.signedInAdmin(browser)
            let (id, admin) = (try await Self.id(of: "viewer@shop.example", harness), try await Self.id(of: "admin@shop.example", harness))
            let team = try await browser.get("/dashboard/team")
            let form = [("csrf", DashboardBrowser.csrf(in: team)), ("key", DashboardBrowser.key(in: team, action: "/dashboard/team/\(id)/remove"))]
            let asked = try await browser.post("/dashboard/team/\(id)/remove", form)
            #expect(asked.status == 200 && asked.text.contains("Remove viewer@shop.example from the team?"))
            #expect(try await harness.store.read { try await $0.dashboardUser(email: "viewer@shop.example") } != nil, "asking removes nothing")
            #expect(try await browser.post("/dashboard/team/\(id)/remove", form + [("confirm", "yes")]).status == 303)
            #expect(try await browser.post("/dashboard/team/\(id)/remove", form + [("confirm", "yes")]).status == 303, "sent again: the same outcome")
            #expect(try await harness.store.read { try await $0.dashboardUser(email: "viewer@shop.example") } == nil)
            #expect(try await viewer.get("/dashboard").status == 303, "signed out everywhere")
            let own = try await browser.post("/dashboard/team/\(admin)/remove", [("csrf", DashboardBrowser.csrf(in: team)), ("key", "own-removal-00001"), ("confirm", "yes")])
            #expect(own.status == 409 && own.text.contains("you cannot remove yourself"))
            let audit = try await harness.store.read { try await $0.dashboardAudit(merchantId: harness.merchantId, limit: 5) }
            #expect(audit.contains { $0.action == "remove-user" && $0.detail == "viewer@shop.example" })
        }
    }
}
