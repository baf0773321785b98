import Foundation
import PaymentCore

/// A date-time a client sends in a query (`from`, `to`): any RFC 3339 date-time, as the
/// document's `format: date-time` promises — fractional seconds, offsets, lowercase `t` and
/// `z`, and every year from 0000 to 9999 (proleptic Gregorian calendar).
enum DateTimeParameter {
    /// The instant `text` names, or nil when it is not an RFC 3339 date-time.
    static func parse(_ text: String) -> Date? {
        guard let match = text.wholeMatch(of: #/^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?([Zz]|([+-])([0-9]{2}):([0-9]{2}))$/#) else {
            return nil
        }
        let number = { (part: Substring) in Int(part) ?? -1 }
        let (year, month, day) = (number(match.1), number(match.2), number(match.3))
        let (hour, minute, second) = (number(match.4), number(match.5), number(match.6))
        guard let date = CivilDate(year: Int64(year), month: Int64(month), day: Int64(day)),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var offset = 0
        if let sign = match.9, let hours = match.10, let minutes = match.11 {
            guard (0...23).contains(number(hours)), (0...59).contains(number(minutes)) else { return nil }
            offset = (sign == "-" ? -1 : 1) * (number(hours) * 3600 + number(minutes) * 60)
        }
        let fraction = match.7.flatMap { Double("0\($0)") } ?? 0
        let seconds = Int(date.daysSince1970) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
