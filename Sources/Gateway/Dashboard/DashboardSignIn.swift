import Foundation
import Hummingbird
import Storage

/// Signing in and out, and the stylesheet: the dashboard's routes a browser uses before
/// there is a session. The sign-in form's CSRF token lives in a cookie of its own.
struct DashboardSignIn: Sendable {
    let accounts: DashboardAccounts
    let settings: DashboardSettings

    var routes: [GatewayRoute] {
        [
            .page(DashboardPath.stylesheet.path, .open) { _ in
                .page(Response(
                    status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "max-age=300"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: DashboardTemplates.shared.stylesheet))))
            },
            .page(DashboardPath.signIn.path, .open, query: ["next"]) { input in
                .page(page(input, next: DashboardResponse.safeNext(input.query("next"))))
            },
            .form(DashboardPath.signIn.path, .open,
                  DashboardFormRule(fields: ["next", "email", "password", "code"], csrf: .signInCookie, landing: { _ in .signIn }),
                  notIdempotentBecause: "each sign-in starts a new session and ends the one the browser had") { try await signIn($0) },
            .form(DashboardPath.signOut.path, .signedIn(.viewer), DashboardFormRule(fields: [], landing: { _ in .payments }),
                  notIdempotentBecause: "a session ends once; sent again, there is none to end") { input in
                if let token = DashboardCookies.value(DashboardCookies.session, in: input.request.headers) {
                    try await accounts.signOut(token: token, user: try input.user)
                }
                return .page(DashboardResponse.redirect(DashboardPath.signIn.path, cookies: [
                    DashboardCookies.set(DashboardCookies.session, "", maxAge: 0, secure: settings.secureCookies),
                ]))
            },
        ]
    }

    private func page(
        _ input: DashboardInput, next: String, email: String = "", message: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        // A CSRF token for the form before there is a session, kept in a cookie of its own.
        let csrf = DashboardCookies.signInCSRF(in: input.request.headers)
        let page = Page(title: "Sign in", csrf: csrf, next: next, email: email, message: message)
        return DashboardResponse.html(DashboardTemplates.shared.render(page), status: status, cookies: [
            DashboardCookies.set(DashboardCookies.signIn, csrf, maxAge: 3600, secure: settings.secureCookies),
        ])
    }

    private func signIn(_ input: DashboardInput) async throws -> DashboardOutcome {
        // The peer's IP (not its port); behind a proxy every client shares the proxy's.
        let address = input.context.remoteAddress?.ipAddress ?? "unknown"
        let next = DashboardResponse.safeNext(input.form["next"])
        do {
            let signedIn = try await accounts.signIn(
                email: input.form["email"], password: input.form["password"], code: input.form["code"].filter { $0 != " " },
                replacing: DashboardCookies.value(DashboardCookies.session, in: input.request.headers), from: address)
            input.context.logger.info("dashboard sign-in", metadata: ["user_id": "\(signedIn.user.id)", "merchant_id": "\(signedIn.user.merchantId)"])
            return .page(DashboardResponse.redirect(next, cookies: [
                DashboardCookies.set(DashboardCookies.session, signedIn.token, maxAge: Int(settings.sessionLifetime), secure: settings.secureCookies),
                DashboardCookies.set(DashboardCookies.signIn, "", maxAge: 0, secure: settings.secureCookies),
            ]))
        } catch is DashboardAccounts.Refused {
            // The address, for an operator watching for guessing; never what was typed.
            input.context.logger.notice("dashboard sign-in refused", metadata: ["client_address": "\(address)"])
            return .page(page(
                input, next: next, email: String(input.form["email"].prefix(254)),
                message: "The email, password or code is not right, or there were too many tries. Try again in a while.", status: .unauthorized))
        }
    }

    struct Page: DashboardView {
        static let template = "sign-in"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel? = nil
        var action = DashboardPath.signIn.path
        var csrf: String
        var next: String
        var email: String
        var message: String?
    }
}
