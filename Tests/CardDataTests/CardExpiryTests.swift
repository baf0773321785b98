import CardData
import Foundation
import Testing

@Suite struct CardExpiryTests {
    private static let utc = TimeZone(identifier: "UTC")!

    private static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    @Test(arguments: [
        // Valid through the last second of the expiry month…
        (12, 2025, "2025-12-31T23:59:59Z", true),
        (12, 2025, "2025-12-01T00:00:00Z", true),
        (12, 2025, "2026-01-01T00:00:00Z", false),
        // …which in February of a leap year is the 29th.
        (2, 2028, "2028-02-29T23:59:59Z", true),
        (2, 2028, "2028-03-01T00:00:00Z", false),
        (1, 2026, "2025-12-31T12:00:00Z", true),
        (6, 2030, "2024-01-15T00:00:00Z", true),
        (6, 2024, "2024-07-01T00:00:00Z", false),
        (6, 2024, "2025-06-15T00:00:00Z", false),
    ])
    func validThroughLastDayOfMonth(_ month: Int, _ year: Int, _ now: String, _ valid: Bool) throws {
        let expiry = try CardExpiry(month: month, year: year)
        #expect(expiry.isValid(at: Self.date(now), in: Self.utc) == valid)
    }

    @Test func monthEndDependsOnTheTimeZone() throws {
        let expiry = try CardExpiry(month: 12, year: 2025)
        let instant = Self.date("2026-01-01T03:00:00Z")
        #expect(!expiry.isValid(at: instant, in: Self.utc))
        #expect(expiry.isValid(at: instant, in: TimeZone(identifier: "America/New_York")!))
    }

    @Test(arguments: [(0, 2000), (7, 2007), (25, 2025), (99, 2099), (2031, 2031)])
    func twoAndFourDigitYears(_ year: Int, _ fullYear: Int) throws {
        #expect(try CardExpiry(month: 3, year: year).year == fullYear)
    }

    @Test func rejectsOutOfRangeValues() {
        #expect(throws: CardDataError.invalidExpiryMonth(0)) { try CardExpiry(month: 0, year: 2030) }
        #expect(throws: CardDataError.invalidExpiryMonth(13)) { try CardExpiry(month: 13, year: 2030) }
        #expect(throws: CardDataError.invalidExpiryYear(100)) { try CardExpiry(month: 1, year: 100) }
        #expect(throws: CardDataError.invalidExpiryYear(-1)) { try CardExpiry(month: 1, year: -1) }
        #expect(throws: CardDataError.invalidExpiryYear(10000)) { try CardExpiry(month: 1, year: 10000) }
    }

    @Test(arguments: [
        ("12/25", 12, 2025), ("1/30", 1, 2030), ("07/2031", 7, 2031), ("0727", 7, 2027),
        ("072027", 7, 2027), ("09-28", 9, 2028), ("11 29", 11, 2029),
    ])
    func parsesCommonFormats(_ text: String, _ month: Int, _ year: Int) throws {
        let expiry = try CardExpiry(parsing: text)
        #expect(expiry.month == month)
        #expect(expiry.year == year)
    }

    @Test(arguments: ["", "12", "12/2", "12/202", "ab/cd", "12/25/1", "125"])
    func refusesMalformedText(_ text: String) {
        #expect(throws: CardDataError.invalidExpiryFormat) { try CardExpiry(parsing: text) }
    }

    @Test func parsingStillChecksTheMonth() {
        #expect(throws: CardDataError.invalidExpiryMonth(13)) { try CardExpiry(parsing: "13/25") }
    }

    @Test func printsAsOnTheCard() throws {
        #expect("\(try CardExpiry(month: 3, year: 2007))" == "03/07")
        #expect("\(try CardExpiry(month: 11, year: 2030))" == "11/30")
    }
}
