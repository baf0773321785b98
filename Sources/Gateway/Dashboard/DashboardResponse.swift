import Foundation
import HTTPTypes
import Hummingbird

/// How the dashboard answers: HTML pages and redirects, each with headers that keep the
/// page out of caches and frames and limit what it may load.
enum DashboardResponse {
    static func html(_ body: String, status: HTTPResponse.Status = .ok, cookies: [String] = []) -> Response {
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .cacheControl: "no-store",
            .init("X-Frame-Options")!: "DENY",
            .init("X-Content-Type-Options")!: "nosniff",
            .init("Referrer-Policy")!: "same-origin",
            .contentSecurityPolicy: "default-src 'self'; form-action 'self'; frame-ancestors 'none'",
        ]
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// 303 See Other: after a form, the browser GETs `location`.
    static func redirect(_ location: String, cookies: [String] = []) -> Response {
        var headers: HTTPFields = [.location: location, .cacheControl: "no-store"]
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return Response(status: .seeOther, headers: headers)
    }

    /// Where to go after sign-in: a dashboard path only, so the link cannot send the user
    /// off the site (`//evil.example`, `https://…`).
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/dashboard"), !next.hasPrefix("//"), !next.contains("\\"),
              !next.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return "/dashboard" }
        return next
    }

    /// `/dashboard/sign-in?next=…`: after signing in, the browser comes back to `next`.
    static func signInRedirect(next: String) -> Response {
        redirect(DashboardPath.signIn.with([("next", next)]))
    }

    /// A failure as a page that says what happened, with a link back.
    static func failure(_ failure: DashboardFailure, model: DashboardPageModel) -> Response {
        let back = failure.back
        let page = ErrorPage(
            title: failure.heading, user: model.user, heading: failure.heading, message: failure.message, back: back,
            backLabel: back == DashboardPath.payments.path ? "Back to payments" : "Back")
        return html(DashboardTemplates.shared.render(page), status: HTTPResponse.Status(code: failure.status))
    }

    /// Mustache reads stored properties only, so every page model stores its layout's too.
    struct ErrorPage: DashboardView {
        static let template = "error"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var heading: String
        var message: String
        var back: String
        var backLabel: String
    }
}
