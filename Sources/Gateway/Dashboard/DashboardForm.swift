import Foundation
import Hummingbird
import Storage

/// A submitted HTML form (`application/x-www-form-urlencoded`), read strictly: at most
/// ``maxBytes``, each field once, and only the fields the form has (an unknown one is
/// refused by name, as the API refuses unknown JSON fields).
struct DashboardForm: Sendable {
    static let maxBytes = 16 * 1024
    let fields: [String: String]

    static func read(_ request: Request, allowed: Set<String>) async throws -> DashboardForm {
        try parse(try await request.body.collect(upTo: maxBytes), allowed: allowed)
    }

    static func parse(_ buffer: ByteBuffer, allowed: Set<String>) throws -> DashboardForm {
        let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            guard allowed.contains(name) else { throw DashboardFailure.badForm("the form has no field \(name.prefix(40))") }
            guard fields[name] == nil else { throw DashboardFailure.badForm("the field \(name) was sent twice") }
            fields[name] = value
        }
        return DashboardForm(fields: fields)
    }

    subscript(_ name: String) -> String { fields[name] ?? "" }

    /// The idempotency key of an acting form (`key`, fresh on each page), as the dashboard
    /// stores it: a resent form acts once. A form without one was not made by the dashboard.
    func idempotencyKey() throws -> String {
        guard (16...64).contains(self["key"].count) else { throw DashboardFailure.badForm("the form's key is missing; reload the page") }
        return "dashboard-\(self["key"])"
    }

    /// Refuses a form that does not carry the session's CSRF token, then a user who is not
    /// an admin: `viewerRefusal` says what a viewer may only look at.
    func authorize(_ session: DashboardSession, _ user: DashboardUser, viewerRefusal: String) throws {
        guard self["csrf"] == session.csrfToken else { throw DashboardFailure.csrf }
        guard user.role == .admin else { throw DashboardFailure.forbidden(viewerRefusal) }
    }

    private static func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
