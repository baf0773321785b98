import Foundation
import PaymentCore
import Storage

/// What every page's layout shows: its title and, when signed in, who is signed in and the
/// session's CSRF token for the sign-out form.
struct DashboardPageModel: Sendable {
    struct UserModel: Sendable {
        var email: String
        var role: String
        var csrf: String
        /// The merchant the user works for, named on every page.
        var merchant: String
        /// The merchant's time zone, which every time the pages show is in.
        var timeZone: String
        /// The main navigation, and where the sign-out form posts.
        var nav: [Link] = Link.main
        var signOut = DashboardPath.signOut.path
        /// The user's own password form.
        var password = DashboardPath.password.path
    }

    /// A link the layout shows.
    struct Link: Sendable {
        var label: String
        var href: String

        static let main: [Link] = [
            Link("Payments", .payments), Link("Disputes", .disputes), Link("Batches", .batches), Link("Devices", .devices), Link("Webhooks", .webhooks),
            Link("API clients", .clients), Link("Settings", .settings), Link("Team", .team), Link("Audit", .audit),
        ]

        init(_ label: String, _ path: DashboardPath) {
            self.label = label
            href = path.path
        }
    }

    /// The links every page has, signed in or not (each page model stores one: Mustache
    /// reads a model's stored properties).
    struct Site: Sendable {
        var home = DashboardPath.payments.path
        var stylesheet = DashboardPath.stylesheet.path
    }

    var title: String
    var user: UserModel?

    init(title: String, signedIn: DashboardSignedIn? = nil) {
        self.title = title
        if let signedIn {
            user = UserModel(
                email: signedIn.user.email, role: signedIn.user.role.rawValue, csrf: signedIn.session.csrfToken, merchant: signedIn.merchantName,
                timeZone: signedIn.format.zoneName)
        }
    }
}

/// How the dashboard reads the days typed in its forms. (Pages write money and times with
/// the merchant's ``MerchantFormat``.)
enum DashboardFormat {
    /// A `yyyy-MM-dd` form value as a day; nil when it is not one, or names a day the
    /// calendar does not have (2026-02-31).
    static func civilDay(_ text: String) -> CivilDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10,
              bytes.indices.allSatisfy({ [4, 7].contains($0) ? bytes[$0] == UInt8(ascii: "-") : (48...57).contains(bytes[$0]) })
        else { return nil }
        let number = { (range: Range<Int>) in range.reduce(Int64(0)) { $0 * 10 + Int64(bytes[$1] - 48) } }
        return CivilDate(year: number(0..<4), month: number(5..<7), day: number(8..<10))
    }

    /// A `yyyy-MM-dd` value as the start of that day in UTC (`tapline export`'s days).
    static func day(_ text: String) -> Date? {
        civilDay(text).map { Date(timeIntervalSince1970: TimeInterval($0.daysSince1970 * 86_400)) }
    }
}
