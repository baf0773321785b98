import Hummingbird

/// What a dashboard handler answers: a page, or a redirect after a form (the browser GETs
/// the page, so a reload does not send the form again).
enum DashboardOutcome: Sendable {
    case page(Response)
    /// 303 See Other to `location`, a ``DashboardPath`` (with its query, if any).
    case redirect(String)
    /// A page showing something only once (a new secret, which is never stored in the clear):
    /// the same form sent again is sent to `then` with a notice instead.
    case shownOnce(Response, then: DashboardPath)

    static func redirect(_ path: DashboardPath) -> DashboardOutcome { .redirect(path.path) }

    var response: Response {
        switch self {
        case .page(let response), .shownOnce(let response, _): return response
        case .redirect(let location): return DashboardResponse.redirect(location)
        }
    }
}
