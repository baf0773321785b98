import Foundation
@testable import Gateway
import Testing

@Suite("Dashboard: the day a date filter names")
struct DashboardFormatTests {
    @Test func aDayIsTheStartOfItInUTC() {
        #expect(DashboardFormat.day("2026-11-28") == Date(timeIntervalSince1970: 1_795_824_000))
        #expect(DashboardFormat.day("2024-02-29") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(DashboardFormat.day("1970-01-01") == Date(timeIntervalSince1970: 0))
    }

    @Test(arguments: ["2026-02-31", "2026-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00",
                      "2026-+1-01", "+026-01-01", "2026-1-01", "2026/01/01", "2026-01-011", "", "２０２６-01-01"])
    func aDayTheCalendarDoesNotHaveIsRefused(text: String) {
        #expect(DashboardFormat.day(text) == nil)
    }
}
