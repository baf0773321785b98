import Foundation

/// A `--from` or `--to` of `tapline export`: a day (`2026-11-27`, UTC) or an ISO 8601
/// instant (`2026-11-27T09:30:00Z`). A day as `--to` counts whole, like the dashboard's
/// filter: the range ends where the next day starts.
public enum ExportDateBound {
    /// The instant `text` names; `end` true for the upper bound. Nil when it is neither form.
    public static func parse(_ text: String, end: Bool) -> Date? {
        if let day = DashboardFormat.day(text) { return end ? day.addingTimeInterval(86_400) : day }
        let formatter = ISO8601DateFormatter()
        if let instant = formatter.date(from: text) { return instant }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
