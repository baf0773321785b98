import Foundation

/// How a dashboard POST reads its form, declared on the route so no handler repeats it:
/// the fields it has (any other is refused by name), whose CSRF token it must carry, whether
/// it carries an idempotency key (`key`, fresh on each page: a resent form acts once),
/// whether it asks first, and the page it is on.
struct DashboardFormRule: Sendable {
    /// Whose token the form's `csrf` field must equal.
    enum CSRF: Sendable {
        /// The signed-in session's.
        case session
        /// The sign-in form's cookie (there is no session yet).
        case signInCookie
    }

    /// The form's own fields; `csrf`, and `key` and `confirm` where they apply, are added.
    var fields: Set<String>
    var csrf: CSRF = .session
    /// The form carries an idempotency key: the handler runs once per key, and a form sent
    /// again (a reload, a double click, a second tab) gets the first one's outcome.
    var keyed = false
    /// Asks before acting: the confirmation page, when the form is not yet confirmed.
    var confirm: (@Sendable (DashboardInput) async throws -> DashboardConfirmation)?
    /// The page the form is on: where sign-in leads back when the session ended before the
    /// form was sent (a form's own URL answers only POST).
    var landing: @Sendable (DashboardInput) throws -> DashboardPath
    /// A form with files (`multipart/form-data`): its file field and the body's largest size.
    var uploads: DashboardUploadRule?

    /// Every field the form may send.
    var allowed: Set<String> {
        fields.union(["csrf"]).union(keyed ? ["key"] : []).union(confirm == nil ? [] : ["confirm"])
    }
}

/// What a confirmation page says before an action is taken: the question, what follows, and
/// where Cancel goes. The form's own fields are posted again with `confirm=yes`.
struct DashboardConfirmation: Sendable {
    var question: String
    var detail: String
    var cancel: DashboardPath
}
