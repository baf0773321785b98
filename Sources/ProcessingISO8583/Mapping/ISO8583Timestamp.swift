import Foundation

/// The date and time fields of a request (7, 12 and 13), all in UTC: Tapline keeps no
/// merchant time zone, and one clock for all three keeps them consistent.
struct ISO8583Timestamp: Sendable, Equatable {
    /// Field 7, `MMDDhhmmss`.
    let transmission: String
    /// Field 12, `hhmmss`.
    let localTime: String
    /// Field 13, `MMDD`.
    let localDate: String

    init(_ date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        localDate = two(parts.month) + two(parts.day)
        localTime = two(parts.hour) + two(parts.minute) + two(parts.second)
        transmission = localDate + localTime
    }
}
