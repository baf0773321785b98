import Foundation
import HTTPTypes

/// The dashboard's cookies: the session (`tapline_session`) and, before sign-in, the
/// sign-in form's CSRF token (`tapline_signin`). Both HttpOnly and SameSite=Strict, scoped
/// to `/dashboard`, `Secure` when configured.
enum DashboardCookies {
    static let session = "tapline_session"
    static let signIn = "tapline_signin"

    /// The value of cookie `name` in the request's `Cookie` headers, if sent.
    /// The CSRF token of a form shown before there is a session (sign-in, an invitation):
    /// the one in the sign-in cookie, or a new one to set there.
    static func signInCSRF(in headers: HTTPFields) -> String {
        value(signIn, in: headers).flatMap { $0.count == 43 ? $0 : nil } ?? newToken()
    }

    static func value(_ name: String, in headers: HTTPFields) -> String? {
        for header in headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                return String(parts[1]).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// A `Set-Cookie` value; `maxAge` 0 deletes the cookie.
    static func set(_ name: String, _ value: String, maxAge: Int, secure: Bool) -> String {
        "\(name)=\(value); Path=/dashboard; Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// A new random token: 32 bytes, base64url.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
