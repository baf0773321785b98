import Foundation
import Storage

/// What every page's layout shows: its title and, when signed in, who is signed in and the
/// session's CSRF token for the sign-out form.
struct DashboardPageModel: Sendable {
    struct UserModel: Sendable {
        var email: String
        var role: String
        var csrf: String
    }

    var title: String
    var user: UserModel?

    init(title: String, session: DashboardSession? = nil, user: DashboardUser? = nil) {
        self.title = title
        if let session, let user {
            self.user = UserModel(email: user.email, role: user.role.rawValue, csrf: session.csrfToken)
        }
    }
}

/// How the dashboard writes dates (UTC, to the minute) and money.
enum DashboardFormat {
    /// Built once: a list or a CSV formats a date per row.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func date(_ date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// A `yyyy-MM-dd` form value as the start of that day in UTC; nil when it is not one.
    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        return utc.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }
}
