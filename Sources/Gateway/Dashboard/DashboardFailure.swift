/// Why a dashboard request was refused, shown as a page that says so (never a stack of
/// JSON): the status it answers with, a heading and a message.
enum DashboardFailure: Error, Sendable {
    /// The form's CSRF token is missing or not this session's.
    case csrf
    /// A form with a field it does not have, or a field twice.
    case badForm(String)
    /// Not this merchant's, or no such thing.
    case notFound(String)
    /// A viewer tried to act.
    case forbidden(String)
    /// The action was refused (the payment's state, the processor, a value the API refuses):
    /// said on the page the form is on, nothing changed.
    case refused(String, page: DashboardPath)
    /// The form was sent before, and what it showed (a new secret) is shown only once.
    case shownOnce(String)

    var status: Int {
        switch self {
        case .csrf, .forbidden: return 403
        case .badForm: return 400
        case .notFound: return 404
        case .refused, .shownOnce: return 409
        }
    }

    var heading: String {
        switch self {
        case .csrf: return "This form has expired"
        case .badForm: return "This request is not one the dashboard sends"
        case .notFound: return "Not found"
        case .forbidden: return "Not allowed"
        case .refused: return "Not done"
        case .shownOnce: return "Already done"
        }
    }

    var message: String {
        switch self {
        case .csrf: return "Reload the page and try again: the form's security token did not match your session."
        case .badForm(let reason), .notFound(let reason), .forbidden(let reason): return reason
        case .refused(let reason, _): return "Nothing was changed: \(reason)."
        case .shownOnce: return "This form was sent before and did what it says then. What it showed (a new secret) is shown only once and is not kept."
        }
    }

    /// Where the page's link leads: back to the page the form was on, else the payments.
    var back: String {
        switch self {
        case .refused(_, let page): return page.path
        case .shownOnce(let location): return location
        case .csrf, .badForm, .notFound, .forbidden: return DashboardPath.payments.path
        }
    }
}
