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
    /// The payment's state (or the processor) refused the action: said on its page, nothing changed.
    case refused(String, paymentId: String)

    var status: Int {
        switch self {
        case .csrf, .forbidden: return 403
        case .badForm: return 400
        case .notFound: return 404
        case .refused: return 409
        }
    }

    var heading: String {
        switch self {
        case .csrf: return "This form has expired"
        case .badForm: return "This request is not one the dashboard sends"
        case .notFound: return "Not found"
        case .forbidden: return "Not allowed"
        case .refused: return "Not done"
        }
    }

    var message: String {
        switch self {
        case .csrf: return "Reload the page and try again: the form's security token did not match your session."
        case .badForm(let reason), .notFound(let reason), .forbidden(let reason): return reason
        case .refused(let reason, _): return "Nothing was changed: \(reason)."

        }
    }
}
