import Foundation
import Hummingbird
import Storage

/// The signed-in user's own password (the page every other page leads to while an admin
/// requires a new one), and an invitation's link, where an invited user chooses their first
/// password and is signed in.
struct DashboardPassword: Sendable {
    let accounts: DashboardAccounts

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        .page(try render(input))
    }

    func save(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (user, session) = (try input.user, try input.session)
        do {
            try await accounts.changePassword(
                user, current: input.form["current"], new: input.form["password"], repeated: input.form["repeat"], keeping: session.tokenHash)
        } catch let refusal as DashboardAccounts.TeamRefusal {
            return .page(try render(input, problem: "Not changed: \(refusal.message).", status: .badRequest))
        }
        return .redirect(DashboardPath.password.with([("changed", "1")]))
    }

    func turnOnTwoFactor(_ input: DashboardInput) async throws -> DashboardOutcome {
        do {
            try await accounts.turnOnTwoFactor(try input.user, secret: input.form["secret"], code: input.form["code"].filter { $0 != " " })
        } catch let refusal as DashboardAccounts.TeamRefusal {
            return .page(try render(input, problem: "Two-factor sign-in not turned on: \(refusal.message).", status: .badRequest,
                                    secret: TOTP(base32: input.form["secret"])))
        }
        return .redirect(.password)
    }

    func turnOffTwoFactor(_ input: DashboardInput) async throws -> DashboardOutcome {
        do {
            try await accounts.turnOffTwoFactor(try input.user, code: input.form["code"].filter { $0 != " " })
        } catch let refusal as DashboardAccounts.TeamRefusal {
            return .page(try render(input, problem: "Two-factor sign-in not turned off: \(refusal.message).", status: .badRequest))
        }
        return .redirect(.password)
    }

    /// `secret`: the one the page offers to turn on (a new one each time, unless a refused
    /// form's is offered again).
    private func render(
        _ input: DashboardInput, problem: String? = nil, status: HTTPResponse.Status = .ok, secret: TOTP? = nil
    ) throws -> Response {
        let (user, session) = (try input.user, try input.session)
        let notice = input.query("changed") == nil ? nil : "Your password was changed, and your other sessions were ended."
        let offered = user.totpSecret == nil ? (secret ?? TOTP.generate()) : nil
        let model = Page(
            title: "Your password", user: input.layout.user, csrf: session.csrfToken,
            required: user.mustChangePassword ? "An admin asks you to choose a new password before you go on." : nil,
            notice: notice, problem: problem, minimum: MerchantAdmin.minimumPasswordLength, twoFactorOn: user.totpSecret != nil,
            secret: offered?.base32, uri: offered?.uri(account: user.email, issuer: "Tapline"))
        return DashboardResponse.html(DashboardTemplates.shared.render(model), status: status)
    }

    // MARK: - Invitations

    func invitation(_ input: DashboardInput) async throws -> DashboardOutcome {
        .page(try await invitationPage(input))
    }

    func accept(_ input: DashboardInput) async throws -> DashboardOutcome {
        let token = try input.parameter(.id)
        do {
            let signedIn = try await accounts.acceptInvitation(
                token: token, password: input.form["password"], repeated: input.form["repeat"],
                from: DashboardCookies.value(DashboardCookies.session, in: input.request.headers))
            let secure = accounts.settings.secureCookies
            return .page(DashboardResponse.redirect(DashboardPath.payments.path, cookies: [
                DashboardCookies.set(DashboardCookies.session, signedIn.token, maxAge: Int(accounts.settings.sessionLifetime), secure: secure),
                DashboardCookies.set(DashboardCookies.signIn, "", maxAge: 0, secure: secure),
            ]))
        } catch let refusal as DashboardAccounts.TeamRefusal {
            return .page(try await invitationPage(input, problem: refusal.message, status: .badRequest))
        }
    }

    private func invitationPage(_ input: DashboardInput, problem: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let token = try input.parameter(.id)
        guard let invited = try await accounts.invitation(token: token) else {
            throw DashboardFailure.notFound("This invitation link has expired or was used. Ask an admin for a new one.")
        }
        // A CSRF token before there is a session, in the sign-in form's cookie.
        let csrf = DashboardCookies.signInCSRF(in: input.request.headers)
        let model = InvitationPage(
            title: "Join \(invited.email)", action: DashboardPath.invitation(token).path, csrf: csrf, email: invited.email,
            role: invited.role.rawValue, problem: problem, minimum: MerchantAdmin.minimumPasswordLength)
        return DashboardResponse.html(DashboardTemplates.shared.render(model), status: status, cookies: [
            DashboardCookies.set(DashboardCookies.signIn, csrf, maxAge: 3600, secure: accounts.settings.secureCookies),
        ])
    }

    struct Page: DashboardView {
        static let template = "password"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var save = DashboardPath.password.path
        var csrf: String
        var required: String?
        var notice: String?
        var problem: String?
        var minimum: Int
        var twoFactorOn: Bool
        /// A new secret to turn two-factor sign-in on with, in base32 and as an `otpauth://` URI.
        var secret: String?
        var uri: String?
        var turnOn = DashboardPath.twoFactor.path
        var turnOff = DashboardPath.twoFactorOff.path
    }

    struct InvitationPage: DashboardView {
        static let template = "invitation"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel? = nil
        var action: String
        var csrf: String
        var email: String
        var role: String
        var problem: String?
        var minimum: Int
    }
}
