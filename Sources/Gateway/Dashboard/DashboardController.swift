import Foundation
import Hummingbird
import Logging
import Storage

/// The merchant dashboard at `/dashboard`: server-rendered pages over the same store and
/// use cases as the API. Its routes answer HTML, read cookies and forms, and are not part
/// of the JSON API's route table or document; every page but sign-in needs a session.
struct DashboardController: Sendable {
    let accounts: DashboardAccounts
    let payments: DashboardPayments
    let actions: DashboardActions
    let batches: DashboardBatches
    let audit: DashboardAudit
    let webhooks: DashboardWebhooks
    let webhookEvent: DashboardWebhookEvent
    let devices: DashboardDevices
    let clients: DashboardClients
    let clientPermissions: DashboardClientPermissions
    let paymentSettings: DashboardPaymentSettings
    let settings: DashboardSettings

    func register(on router: Router<GatewayContext>) {
        router.get("/dashboard/static/dashboard.css") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "max-age=300"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: DashboardTemplates.shared.stylesheet)))
        }
        router.get("/dashboard/sign-in") { request, _ in
            signInPage(request, next: DashboardResponse.safeNext(request.uri.queryParameters.get("next")))
        }
        router.post("/dashboard/sign-in") { request, context in
            // The peer's IP (not its port); behind a proxy every client shares the proxy's.
            try await signIn(request, address: context.remoteAddress?.ipAddress ?? "unknown", logger: context.logger)
        }
        router.post("/dashboard/sign-out") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                let form = try await DashboardForm.read(request, allowed: ["csrf"])
                guard form["csrf"] == session.csrfToken else { throw DashboardFailure.csrf }
                if let token = DashboardCookies.value(DashboardCookies.session, in: request.headers) {
                    try await accounts.signOut(token: token, user: user)
                }
                return DashboardResponse.redirect("/dashboard/sign-in", cookies: [
                    DashboardCookies.set(DashboardCookies.session, "", maxAge: 0, secure: settings.secureCookies),
                ])
            }
        }
        router.get("/dashboard") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await payments.list(request, session: session, user: user)
            }
        }
        router.get("/dashboard/payments/:id") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await payments.payment(
                    context.parameters.get("id") ?? "", session: session, user: user, done: request.uri.queryParameters.get("done"))
            }
        }
        registerWebhookRoutes(on: router)
        router.get("/dashboard/devices") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in try await devices.page(session: session, user: user) }
        }
        router.post("/dashboard/devices/:id/tap-to-pay") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await devices.setTapToPay(request, deviceId: context.parameters.get("id") ?? "", session: session, user: user)
            }
        }
        router.get("/dashboard/clients") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in try await clients.page(session: session, user: user) }
        }
        router.post("/dashboard/clients") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in try await clients.create(request, session: session, user: user) }
        }
        router.get("/dashboard/clients/:id") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await clientPermissions.page(context.parameters.get("id") ?? "", session: session, user: user)
            }
        }
        router.post("/dashboard/clients/:id/permissions") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await clientPermissions.save(request, id: context.parameters.get("id") ?? "", session: session, user: user)
            }
        }
        router.post("/dashboard/clients/:id/revoke") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await clients.revoke(request, id: context.parameters.get("id") ?? "", session: session, user: user)
            }
        }
        router.get("/dashboard/settings") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in try await paymentSettings.page(session: session, user: user) }
        }
        router.post("/dashboard/settings") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await paymentSettings.save(request, session: session, user: user)
            }
        }
        router.get("/dashboard/audit") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in try await audit.page(session: session, user: user) }
        }
        router.get("/dashboard/volume.svg") { request, context in
            try await signedIn(request, logger: context.logger) { _, user in try await payments.volumeImage(user) }
        }
        router.get("/dashboard/payments.csv") { request, context in
            try await signedIn(request, logger: context.logger) { _, user in try await payments.csv(request, user: user) }
        }
        router.get("/dashboard/batches") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await batches.page(session: session, user: user, closed: request.uri.queryParameters.get("closed"))
            }
        }
        router.post("/dashboard/batches/close") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in try await batches.close(request, session: session, user: user) }
        }
        router.get("/dashboard/batches/:id/csv") { request, context in
            try await signedIn(request, logger: context.logger) { _, user in try await batches.csv(context.parameters.get("id") ?? "", user: user) }
        }
        router.post("/dashboard/payments/:id/act") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await actions.act(request, paymentId: context.parameters.get("id") ?? "", session: session, user: user)
            }
        }
    }

    /// Runs `page` for the signed-in user, or sends the browser to sign in first (and back
    /// here after). A refusal is a page that says why.
    func signedIn(
        _ request: Request, logger: Logger, _ page: (DashboardSession, DashboardUser) async throws -> Response
    ) async throws -> Response {
        let token = DashboardCookies.value(DashboardCookies.session, in: request.headers)
        guard let (session, user) = try await accounts.current(token: token) else {
            return DashboardResponse.signInRedirect(for: request)
        }
        do {
            return try await page(session, user)
        } catch DashboardFailure.refused(let reason, let paymentId) {
            // Said on the payment's own page, as it is now.
            return try await payments.payment(paymentId, session: session, user: user, problem: "Nothing was changed: \(reason).", status: .conflict)
        } catch let failure as DashboardFailure {
            return DashboardResponse.failure(failure, model: DashboardPageModel(title: "", session: session, user: user))
        }
    }

    private func signInPage(
        _ request: Request, next: String, email: String = "", message: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        // A CSRF token for the form before there is a session, kept in a cookie of its own.
        let csrf = DashboardCookies.value(DashboardCookies.signIn, in: request.headers).flatMap { $0.count == 43 ? $0 : nil }
            ?? DashboardCookies.newToken()
        let page = SignInPage(title: "Sign in", csrf: csrf, next: next, email: email, message: message)
        return DashboardResponse.html(DashboardTemplates.shared.render("sign-in", page), status: status, cookies: [
            DashboardCookies.set(DashboardCookies.signIn, csrf, maxAge: 3600, secure: settings.secureCookies),
        ])
    }

    private func signIn(_ request: Request, address: String, logger: Logger) async throws -> Response {
        let form: DashboardForm
        do {
            form = try await DashboardForm.read(request, allowed: ["csrf", "next", "email", "password"])
        } catch let failure as DashboardFailure {
            return DashboardResponse.failure(failure, model: DashboardPageModel(title: ""))
        }
        guard let expected = DashboardCookies.value(DashboardCookies.signIn, in: request.headers), !expected.isEmpty,
              form["csrf"] == expected else {
            return DashboardResponse.failure(.csrf, model: DashboardPageModel(title: ""))
        }
        let next = DashboardResponse.safeNext(form["next"])
        do {
            let signedIn = try await accounts.signIn(
                email: form["email"], password: form["password"],
                replacing: DashboardCookies.value(DashboardCookies.session, in: request.headers), from: address)
            logger.info("dashboard sign-in", metadata: ["user_id": "\(signedIn.user.id)", "merchant_id": "\(signedIn.user.merchantId)"])
            return DashboardResponse.redirect(next, cookies: [
                DashboardCookies.set(DashboardCookies.session, signedIn.token, maxAge: Int(settings.sessionLifetime), secure: settings.secureCookies),
                DashboardCookies.set(DashboardCookies.signIn, "", maxAge: 0, secure: settings.secureCookies),
            ])
        } catch is DashboardAccounts.Refused {
            // The address, for an operator watching for guessing; never what was typed.
            logger.notice("dashboard sign-in refused", metadata: ["client_address": "\(address)"])
            return signInPage(request, next: next, email: String(form["email"].prefix(254)),
                              message: "The email or password is not right, or there were too many tries. Try again in a while.",
                              status: .unauthorized)
        }
    }

    struct SignInPage {
        var title: String
        var user: DashboardPageModel.UserModel? = nil
        var csrf: String
        var next: String
        var email: String
        var message: String?
    }
}
