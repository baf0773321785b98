import Foundation
import Hummingbird
import Storage

/// The shared steps of every dashboard route, in one order, as ``RoutePipeline`` applies the
/// API's (the session is found and refusals become pages on the route group:
/// ``DashboardSessionMiddleware``, ``DashboardErrorPages``):
/// signed in (else to sign-in, and back) → the query, strictly → the form, strictly, with its
/// CSRF token → the role → the confirmation → the form's idempotency key → the handler.
struct DashboardPipeline: Sendable {
    let once: DashboardOnce

    func respond(_ route: GatewayRoute, request: Request, context: GatewayContext) async throws -> Response {
        guard case .page(let handler) = route.handler else { throw DashboardFailure.notFound("No such page.") }
        var input = DashboardInput(request: request, context: context, signedIn: context.dashboard)
        let role: DashboardUser.Role?
        if case .signedIn(let needed) = route.access { role = needed } else { role = nil }
        if role != nil, input.signedIn == nil {
            return DashboardResponse.signInRedirect(next: try signInNext(route, input))
        }
        // While an admin requires a new password, every page but the password form (and
        // signing out) leads there.
        if role != nil, input.signedIn?.user.mustChangePassword == true, !Self.openDuringPasswordChange.contains(route.path) {
            return DashboardResponse.redirect(DashboardPath.password.path)
        }
        input.query = try DashboardForm.parse(ByteBuffer(string: request.uri.query ?? ""), allowed: route.query, what: "this page has no parameter")
        guard let rule = route.form else { return try await handler(input).response }
        // A form with files comes as multipart/form-data; without them it may come url-encoded.
        if let uploads = rule.uploads, DashboardMultipart.boundary(of: request.headers[.contentType]) != nil {
            (input.form, input.uploads) = try DashboardMultipart.parse(
                try await request.body.collect(upTo: uploads.maxBytes), contentType: request.headers[.contentType], allowed: rule.allowed,
                files: uploads.field)
        } else {
            input.form = try DashboardForm.parse(try await request.body.collect(upTo: DashboardForm.maxBytes), allowed: rule.allowed)
        }
        try checkCSRF(rule.csrf, input)
        if role == .admin, let user = input.signedIn?.user, user.role != .admin {
            throw DashboardFailure.forbidden("You can look at this page but not change anything on it: your role is viewer. Ask an admin.")
        }
        if let confirm = rule.confirm, input.form["confirm"] != "yes" {
            return try confirmation(try await confirm(input), input: input)
        }
        guard rule.keyed else { return try await handler(input).response }
        return try await once.run(input, landing: try rule.landing(input), handler)
    }

    static let openDuringPasswordChange: Set<String> = [DashboardPath.password.path, DashboardPath.signOut.path]

    /// Where sign-in leads back: the page asked for, or for a form, the page it is on.
    private func signInNext(_ route: GatewayRoute, _ input: DashboardInput) throws -> String {
        if let rule = route.form { return try rule.landing(input).path }
        return input.request.uri.query.map { "\(input.request.uri.path)?\($0)" } ?? input.request.uri.path
    }

    private func checkCSRF(_ csrf: DashboardFormRule.CSRF, _ input: DashboardInput) throws {
        let expected: String?
        switch csrf {
        case .session: expected = input.signedIn?.session.csrfToken
        case .signInCookie: expected = DashboardCookies.value(DashboardCookies.signIn, in: input.request.headers)
        }
        guard let expected, !expected.isEmpty, input.form["csrf"] == expected else { throw DashboardFailure.csrf }
    }

    /// The page that asks first, posting the same form again with `confirm=yes`.
    private func confirmation(_ asked: DashboardConfirmation, input: DashboardInput) throws -> Response {
        let page = DashboardConfirmPage(
            title: "Confirm", user: input.layout.user, question: asked.question, detail: asked.detail, action: input.request.uri.path,
            cancel: asked.cancel.path, csrf: try input.session.csrfToken,
            fields: input.form.fields.filter { $0.key != "csrf" && $0.key != "confirm" }.sorted { $0.key < $1.key }
                .map { DashboardConfirmPage.Field(name: $0.key, value: $0.value) })
        return DashboardResponse.html(DashboardTemplates.shared.render(page))
    }
}
