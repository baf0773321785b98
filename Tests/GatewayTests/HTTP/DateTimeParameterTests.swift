@testable import Gateway
import Foundation
import GatewayAPI
import Testing

/// `from` and `to` take any RFC 3339 date-time, as the document's `format: date-time` says.
@Suite("Date-time query parameters")
struct DateTimeParameterTests {
    static let midnight = Date(timeIntervalSince1970: 1_795_219_200)  // 2026-11-21T00:00:00Z

    @Test func everyRFC3339FormIsRead() throws {
        #expect(DateTimeParameter.parse("2026-11-21T00:00:00Z") == Self.midnight)
        #expect(DateTimeParameter.parse("2026-11-21t00:00:00z") == Self.midnight)
        #expect(DateTimeParameter.parse("2026-11-21T01:00:00+01:00") == Self.midnight)
        #expect(DateTimeParameter.parse("2026-11-21T00:00:00.25Z") == Self.midnight.addingTimeInterval(0.25))
        // Any number of digits; compared to the microsecond, as binary floating point allows.
        let fraction = try #require(DateTimeParameter.parse("2026-11-21T00:00:00.2090Z"))
        #expect(abs(fraction.timeIntervalSince(Self.midnight) - 0.209) < 1e-6)
        #expect(DateTimeParameter.parse("2026-11-20T19:30:00-04:30") == Self.midnight)
        #expect(DateTimeParameter.parse("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(DateTimeParameter.parse("2024-02-29T00:00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
        // Early years are date-times too (schemathesis sent 0027-12-29T11:24:59.7Z).
        #expect(DateTimeParameter.parse("0027-12-29T11:24:59.7Z") != nil)
        #expect(DateTimeParameter.parse("9999-12-31T23:59:59Z") != nil)
    }

    @Test(arguments: [
        "", "yesterday", "2026-11-21", "2026-11-21T00:00:00", "2026-11-21T00:00:00.Z", "2026-11-21T00:00:00.5",
        "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T00:00:00+24:00", "2026-11-21 00:00:00Z",
        "٢٠٢٦-11-21T00:00:00Z",
    ])
    func whatIsNoDateTimeIsRefused(_ text: String) {
        #expect(DateTimeParameter.parse(text) == nil)
    }

    /// A fractional second (schemathesis' first finding on `GET /v1/events`) is a valid `from`.
    @Test func theListsTakeAFractionalSecond() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let from = "from=2026-11-21T00%3A00%3A00.2090Z&to=7591-05-06T03%3A45%3A34.5Z"
            #expect(try await session.send(.get, "\(APIPath.events)?\(from)").status == 200)
            #expect(try await session.send(.get, "\(APIPath.transactions)?\(from)").status == 200)
        }
    }
}
