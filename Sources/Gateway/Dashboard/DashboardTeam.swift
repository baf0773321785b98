import Foundation
import Hummingbird
import Storage

/// The team page: the merchant's users with their role and state; an admin invites one
/// (the one-time sign-in link is shown once), changes a role, requires a password change or
/// removes one (after a confirmation), through ``DashboardAccounts``' team operations.
struct DashboardTeam: Sendable {
    let accounts: DashboardAccounts

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        .page(try await render(input))
    }

    func invite(_ input: DashboardInput) async throws -> DashboardOutcome {
        let admin = try input.user
        guard let role = DashboardUser.Role(rawValue: input.form["role"]) else { throw DashboardFailure.badForm("role must be admin or viewer") }
        let (user, token) = try await refusedOnTeamPage { try await accounts.invite(email: input.form["email"], role: role, by: admin) }
        let link = Self.origin(input, secure: accounts.settings.secureCookies) + DashboardPath.invitation(token).path
        return .shownOnce(try await render(input, invited: (user.email, link)), then: .team)
    }

    func setRole(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (admin, id) = (try input.user, try input.parameter(.id))
        guard let role = DashboardUser.Role(rawValue: input.form["role"]) else { throw DashboardFailure.badForm("role must be admin or viewer") }
        try await refusedOnTeamPage { try await accounts.setRole(role, of: id, by: admin) }
        return .redirect(.team)
    }

    func requirePasswordChange(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (admin, id) = (try input.user, try input.parameter(.id))
        try await refusedOnTeamPage { try await accounts.requirePasswordChange(of: id, by: admin) }
        return .redirect(.team)
    }

    func turnOffTwoFactor(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (admin, id) = (try input.user, try input.parameter(.id))
        try await refusedOnTeamPage { try await accounts.turnOffTwoFactor(of: id, by: admin) }
        return .redirect(.team)
    }

    func confirmRemove(_ input: DashboardInput) async throws -> DashboardConfirmation {
        let (admin, id) = (try input.user, try input.parameter(.id))
        guard let user = try await accounts.store.read({ try await $0.dashboardUser(id: id, merchantId: admin.merchantId) }) else {
            throw DashboardFailure.notFound("No user \(id.prefix(64)) for this merchant.")
        }
        return DashboardConfirmation(
            question: "Remove \(user.email) from the team?", detail: "They are signed out everywhere and can no longer sign in.", cancel: .team)
    }

    func remove(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (admin, id) = (try input.user, try input.parameter(.id))
        try await refusedOnTeamPage { try await accounts.remove(id, by: admin) }
        return .redirect(.team)
    }

    private func refusedOnTeamPage<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let refusal as DashboardAccounts.TeamRefusal {
            throw DashboardFailure.refused("Nothing was changed: \(refusal.message).", page: .team)
        }
    }

    /// `http://host:port` as the browser reached the dashboard, for a link to send.
    /// `secure` when the dashboard is reached over HTTPS (`TAPLINE_DASHBOARD_SECURE_COOKIES`).
    static func origin(_ input: DashboardInput, secure: Bool) -> String {
        let host = input.request.head.authority ?? "127.0.0.1"
        return "\(secure || input.request.head.scheme == "https" ? "https" : "http")://\(host)"
    }

    private func render(_ input: DashboardInput, invited: (email: String, link: String)? = nil) async throws -> Response {
        let (session, me) = (try input.session, try input.user)
        let users = try await accounts.store.read { try await $0.dashboardUsers(merchantId: me.merchantId) }
        let now = accounts.now()
        let model = Page(
            title: "Team", user: input.layout.user, isAdmin: me.role == .admin, csrf: session.csrfToken, key: DashboardCookies.newToken(),
            members: users.map { Member($0, me: me, now: now, format: input.format) }, invitedEmail: invited?.email, invitationLink: invited?.link,
            lifetime: "\(Int(DashboardAccounts.invitationLifetime / 3600)) hours")
        return DashboardResponse.html(DashboardTemplates.shared.render(model))
    }

    /// One user as a row, with an admin's forms for them (none for oneself).
    struct Member {
        var id: String
        var email: String
        var role: String
        var state: String
        var canChange: Bool
        var rolePost: String
        var passwordPost: String
        var twoFactor: Bool
        var twoFactorOffPost: String
        var removePost: String
        var removeKey: String
        var roles: [Option]

        init(_ user: DashboardUser, me: DashboardUser, now: Date, format: MerchantFormat) {
            id = user.id
            email = user.email
            role = user.role.rawValue
            if let expires = user.invitationExpiresAt {
                state = expires > now ? "invited, link works until \(format.time(expires))" : "invitation expired"
            } else if let locked = user.lockedUntil, locked > now {
                state = "locked until \(format.time(locked))"
            } else {
                state = user.mustChangePassword ? "must change password" : "active"
            }
            if user.totpSecret != nil { state += ", two-factor on" }
            twoFactor = user.totpSecret != nil
            canChange = me.role == .admin && user.id != me.id
            rolePost = DashboardPath.teamRole(user.id).path
            passwordPost = DashboardPath.teamPasswordReset(user.id).path
            twoFactorOffPost = DashboardPath.teamTwoFactorOff(user.id).path
            removePost = DashboardPath.removeTeamUser(user.id).path
            removeKey = DashboardCookies.newToken()
            roles = DashboardUser.Role.allCases.map { Option(value: $0.rawValue, selected: $0 == user.role) }
        }
    }

    struct Option {
        var value: String
        var selected: Bool
    }

    struct Page: DashboardView {
        static let template = "team"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var isAdmin: Bool
        var csrf: String
        var invite = DashboardPath.team.path
        /// The invite form's idempotency key.
        var key: String
        var members: [Member]
        var invitedEmail: String?
        var invitationLink: String?
        var lifetime: String
    }
}
