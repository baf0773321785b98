import Foundation
import PaymentCore
import Testing

@Suite("CivilDate: days since 1970 and back, by hand")
struct CivilDateTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Every 13th day from 1600 to 9999, against Foundation's Gregorian calendar in UTC (which
    /// turns Julian before October 1582, where ours stays proleptic Gregorian; the known days
    /// below cover year 0).
    @Test func agreesWithFoundationsCalendarFrom1600To9999() throws {
        let first = try #require(Self.utc.date(from: DateComponents(year: 1600, month: 1, day: 1)))
        var days = Int64(first.timeIntervalSince1970 / 86_400)
        while days < 2_932_896 {
            let date = CivilDate(daysSince1970: days)
            let parts = Self.utc.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(days) * 86_400))
            #expect([date.year, date.month, date.day] == [Int64(parts.year!), Int64(parts.month!), Int64(parts.day!)], "day \(days)")
            #expect(date.daysSince1970 == days)
            days += 13
        }
    }

    /// Days checked against Python's proleptic Gregorian `datetime.date`.
    @Test(arguments: [
        (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017),
        (1900, 2, 28, -25_509), (1900, 3, 1, -25_508), (9999, 12, 31, 2_932_896), (0, 1, 1, -719_528),
    ] as [(Int64, Int64, Int64, Int64)])
    func knownDays(year: Int64, month: Int64, day: Int64, days: Int64) throws {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        #expect(date.daysSince1970 == days)
        #expect(CivilDate(daysSince1970: days) == date)
    }

    @Test func daysTheCalendarDoesNotHaveAreRefused() {
        #expect(CivilDate(year: 2026, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2026, month: 4, day: 31) == nil)
        #expect(CivilDate(year: 2026, month: 13, day: 1) == nil)
        #expect(CivilDate(year: 2026, month: 0, day: 1) == nil)
        #expect(CivilDate(year: 2026, month: 1, day: 0) == nil)
    }

    @Test func floorDivideCountsBackBeforeZero() {
        #expect(CivilDate.floorDivide(-1, 86_400) == -1)
        #expect(CivilDate.floorDivide(-86_400, 86_400) == -1)
        #expect(CivilDate.floorDivide(-86_401, 86_400) == -2)
        #expect(CivilDate.floorDivide(86_399, 86_400) == 0)
    }
}
