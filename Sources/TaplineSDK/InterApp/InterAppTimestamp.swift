import Foundation
import PaymentCore

/// A moment as an ISO 8601 date-time carries it in an inter-app URL: the instant, to the
/// nanosecond, and the UTC offset it was written in.
///
/// Not a bare `Date`, because a `Date` is a binary floating-point number: seven fractional
/// digits (`2019-09-13T12:14:19.8703452+03:00`) would not survive a parse and a format, and
/// the sender's offset would be lost. Keeping both exactly makes request and result URLs
/// round-trip, and gives the calling app its dates back in its own local time.
public struct InterAppTimestamp: Sendable, Hashable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int64
    /// Nanoseconds within that second, `0..<1_000_000_000`.
    public let nanoseconds: Int32
    /// How far the written local time is ahead of UTC, in seconds (`+03:00` is 10800).
    public let utcOffsetSeconds: Int32

    /// The largest offset accepted: ISO 8601 allows two-digit hours, and no zone is ±24 h.
    static let maximumOffsetSeconds: Int32 = 23 * 3600 + 59 * 60

    /// Years 0000 to 9999: what four-digit ISO 8601 years can write. Instants are kept in
    /// this range so that no value, however absurd, can overflow when it is formatted.
    static let representableSeconds: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// A timestamp from its parts. The offset is cut to whole minutes and to less than
    /// 24 hours, the only offsets ISO 8601 text can carry; nanoseconds are carried into
    /// seconds, and the instant is kept within years 0000 to 9999.
    public init(secondsSince1970: Int64, nanoseconds: Int32 = 0, utcOffsetSeconds: Int32 = 0) {
        let carry = Self.floorDivide(Int64(nanoseconds), 1_000_000_000)
        let bounds = Self.representableSeconds
        let bounded = min(bounds.upperBound, max(bounds.lowerBound, secondsSince1970))
        self.secondsSince1970 = min(bounds.upperBound, bounded + carry)
        self.nanoseconds = Int32(Int64(nanoseconds) - carry * 1_000_000_000)
        let minutes = utcOffsetSeconds / 60 * 60
        self.utcOffsetSeconds = max(-Self.maximumOffsetSeconds, min(Self.maximumOffsetSeconds, minutes))
    }

    /// The instant of `date`, written with the given offset from UTC (UTC by default).
    /// A date outside years 0000 to 9999 is moved to the nearest end of that range.
    public init(date: Date, utcOffsetSeconds: Int32 = 0) {
        let bounds = Self.representableSeconds
        let raw = date.timeIntervalSince1970
        // Converting an infinite or huge Double to Int64 traps, so bound it first.
        let interval = raw.isNaN ? 0 : min(Double(bounds.upperBound), max(Double(bounds.lowerBound), raw))
        let whole = interval.rounded(.down)
        let nanos = Int32(min(999_999_999, ((interval - whole) * 1_000_000_000).rounded()))
        self.init(secondsSince1970: Int64(whole), nanoseconds: nanos, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// The instant as a `Date` (to the precision a `Date` has).
    public var date: Date {
        Date(timeIntervalSince1970: TimeInterval(secondsSince1970) + TimeInterval(nanoseconds) / 1_000_000_000)
    }

    /// `2019-09-13T12:14:19.8703452+03:00`: local time at the offset, the fraction only as
    /// long as it needs to be, and `Z` for UTC.
    public var iso8601String: String {
        let local = secondsSince1970 + Int64(utcOffsetSeconds)
        let days = Self.floorDivide(local, 86_400)
        let secondOfDay = local - days * 86_400
        let date = CivilDate(daysSince1970: days)
        var text = Self.pad(date.year, 4) + "-" + Self.pad(date.month, 2) + "-" + Self.pad(date.day, 2)
        text += "T" + Self.pad(secondOfDay / 3600, 2) + ":" + Self.pad(secondOfDay / 60 % 60, 2)
        text += ":" + Self.pad(secondOfDay % 60, 2)
        if nanoseconds > 0 {
            var fraction = Self.pad(Int64(nanoseconds), 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        guard utcOffsetSeconds != 0 else { return text + "Z" }
        let offsetMinutes = Int64(abs(utcOffsetSeconds) / 60)
        return text + (utcOffsetSeconds < 0 ? "-" : "+") + Self.pad(offsetMinutes / 60, 2) + ":" + Self.pad(offsetMinutes % 60, 2)
    }

    /// The ISO 8601 text, so a timestamp reads naturally in test failures and logs.
    public var description: String { iso8601String }

    /// Whether this instant is later than `other`'s, whatever offsets they were written in.
    public func isLater(than other: InterAppTimestamp) -> Bool {
        (secondsSince1970, nanoseconds) > (other.secondsSince1970, other.nanoseconds)
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        CivilDate.floorDivide(value, divisor)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }
}
