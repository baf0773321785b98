/// A confirmation step before an action that cannot be taken back: says what will happen,
/// and posts the same form again with `confirm=yes` (`confirm-post.mustache`).
struct DashboardConfirmPage: DashboardView {
    static let template = "confirm-post"

    struct Field {
        var name: String
        var value: String
    }

    var title: String
    var site = DashboardPageModel.Site()
    var user: DashboardPageModel.UserModel?
    var question: String
    var detail: String
    /// Where the confirmed form posts, and where Cancel goes.
    var action: String
    var cancel: String
    var csrf: String
    /// The form's own fields besides the CSRF token and `confirm`.
    var fields: [Field]
}
