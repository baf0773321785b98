/// A day of the proleptic Gregorian calendar, converted to and from a count of days since
/// 1970-01-01 by hand (after Howard Hinnant's public-domain `days_from_civil` and
/// `civil_from_days`), so the answer never depends on a platform's `Calendar` or time zone data.
/// The gateway's JSON dates, its query parameters and the SDK's inter-app timestamps all use it.
public struct CivilDate: Hashable, Sendable {
    public let year: Int64
    /// 1 to 12.
    public let month: Int64
    /// 1 to the month's last day.
    public let day: Int64

    /// The date, or nil when the month or the day does not exist (2026-02-29, 2026-13-01).
    public init?(year: Int64, month: Int64, day: Int64) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, of: year)).contains(day) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The date `days` days after 1970-01-01 (before it when negative).
    public init(daysSince1970 days: Int64) {
        let shifted = days + 719_468
        let era = Self.floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date (negative before it).
    public var daysSince1970: Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = Self.floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// How many days `month` (1 to 12) has in `year`.
    public static func daysIn(month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `value / divisor` rounded towards minus infinity (a date before 1970 counts back).
    public static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
