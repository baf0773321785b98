import Foundation
import TaplineSDK
import Testing

@Suite("Inter-app ISO 8601 timestamps")
struct InterAppTimestampTests {
    struct Form: Sendable, CustomTestStringConvertible {
        var text: String
        var seconds: Int64
        var nanoseconds: Int32
        var offset: Int32
        var written: String
        var testDescription: String { text }
    }

    /// Every form the protocol's documents use, and the tolerant variants around them.
    static let forms: [Form] = [
        Form(text: "2021-03-29T00:00:00.000+0300", seconds: 1_616_965_200, nanoseconds: 0, offset: 10_800,
             written: "2021-03-29T00:00:00+03:00"),
        Form(text: "2019-09-13T12:14:19.8703452+03:00", seconds: 1_568_366_059, nanoseconds: 870_345_200, offset: 10_800,
             written: "2019-09-13T12:14:19.8703452+03:00"),
        Form(text: "2021-03-29T00:00:00Z", seconds: 1_616_976_000, nanoseconds: 0, offset: 0, written: "2021-03-29T00:00:00Z"),
        Form(text: "2021-03-29T00:00:00+00:00", seconds: 1_616_976_000, nanoseconds: 0, offset: 0, written: "2021-03-29T00:00:00Z"),
        Form(text: "2021-03-28T19:00:00-05:00", seconds: 1_616_976_000, nanoseconds: 0, offset: -18_000,
             written: "2021-03-28T19:00:00-05:00"),
        Form(text: "2021-03-29T05:30:00+0530", seconds: 1_616_976_000, nanoseconds: 0, offset: 19_800,
             written: "2021-03-29T05:30:00+05:30"),
        Form(text: "2021-03-29T03:00:00+03", seconds: 1_616_976_000, nanoseconds: 0, offset: 10_800,
             written: "2021-03-29T03:00:00+03:00"),
        Form(text: "2021-03-29t00:00:00.5z", seconds: 1_616_976_000, nanoseconds: 500_000_000, offset: 0,
             written: "2021-03-29T00:00:00.5Z"),
        Form(text: "2021-03-29T00:00:00,25Z", seconds: 1_616_976_000, nanoseconds: 250_000_000, offset: 0,
             written: "2021-03-29T00:00:00.25Z"),
        Form(text: "2021-03-29T00:00:00.123456789999Z", seconds: 1_616_976_000, nanoseconds: 123_456_789, offset: 0,
             written: "2021-03-29T00:00:00.123456789Z"),
        Form(text: "2021-03-29T10:30Z", seconds: 1_617_013_800, nanoseconds: 0, offset: 0, written: "2021-03-29T10:30:00Z"),
        Form(text: "2020-02-29T23:59:59Z", seconds: 1_583_020_799, nanoseconds: 0, offset: 0, written: "2020-02-29T23:59:59Z"),
        Form(text: "1969-12-31T23:59:59.5Z", seconds: -1, nanoseconds: 500_000_000, offset: 0,
             written: "1969-12-31T23:59:59.5Z"),
    ]

    @Test(arguments: forms)
    func parsesAndWritesBack(_ form: Form) throws {
        let timestamp = try #require(InterAppTimestamp(iso8601: form.text))
        #expect(timestamp.secondsSince1970 == form.seconds)
        #expect(timestamp.nanoseconds == form.nanoseconds)
        #expect(timestamp.utcOffsetSeconds == form.offset)
        #expect(timestamp.iso8601String == form.written)
        #expect(InterAppTimestamp(iso8601: timestamp.iso8601String) == timestamp)
    }

    @Test(arguments: [
        "2021-03-29T00:00:00",           // no offset: local time of an unknown zone
        "2021-03-29",                    // no time
        "2021-02-29T00:00:00Z",          // not a leap year
        "1900-02-29T00:00:00Z",          // century, not a leap year
        "2021-13-01T00:00:00Z",
        "2021-04-31T00:00:00Z",
        "2021-03-29T24:00:00Z",
        "2021-03-29T12:60:00Z",
        "2021-03-29T12:00:60Z",
        "2021-3-29T00:00:00Z",
        "2021-03-29T00:00:00.Z",         // a point with no digits
        "2021-03-29T00:00:00+3:00",
        "2021-03-29T00:00:00+24:00",
        "2021-03-29T00:00:00+03:60",
        "2021-03-29T00:00:00+0300x",
        "2021-03-29T00:00:00+03:0",
        " 2021-03-29T00:00:00Z",
        "2021-03-29 00:00:00Z",
        "٢٠٢١-03-29T00:00:00Z",          // digits, but not ASCII ones
        "",
    ])
    func refusesWhatIsNotAnISO8601DateTimeWithOffset(_ text: String) {
        #expect(InterAppTimestamp(iso8601: text) == nil)
    }

    @Test func leapDaysOfLeapYearsAreAccepted() {
        #expect(InterAppTimestamp(iso8601: "2000-02-29T00:00:00Z") != nil)
        #expect(InterAppTimestamp(iso8601: "2024-02-29T12:00:00+01:00") != nil)
    }

    /// The hand-written calendar arithmetic agrees with Foundation's over two centuries.
    @Test func writesTheSameUTCDatesAsFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var seconds: Int64 = -2_208_988_800  // 1900-01-01
        while seconds < 4_102_444_800 {      // 2100-01-01
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(InterAppTimestamp(date: date).iso8601String == formatter.string(from: date))
            #expect(InterAppTimestamp(iso8601: formatter.string(from: date))?.secondsSince1970 == seconds)
            seconds += 3_196_811  // about 37 days and an odd number of seconds, to vary every field
        }
    }

    @Test func convertsToAndFromDate() throws {
        let timestamp = try #require(InterAppTimestamp(iso8601: "2021-03-29T00:00:00.000+0300"))
        #expect(timestamp.date == Date(timeIntervalSince1970: 1_616_965_200))
        let fromDate = InterAppTimestamp(date: Date(timeIntervalSince1970: 1.5), utcOffsetSeconds: 3600)
        #expect(fromDate.iso8601String == "1970-01-01T01:00:01.5+01:00")
    }

    @Test func sameInstantInAnotherOffsetIsNeitherLaterNorEqual() throws {
        let utc = try #require(InterAppTimestamp(iso8601: "2021-03-29T00:00:00Z"))
        let athens = try #require(InterAppTimestamp(iso8601: "2021-03-29T03:00:00+03:00"))
        #expect(!utc.isLater(than: athens) && !athens.isLater(than: utc))
        #expect(utc != athens)
    }

    @Test func absurdInstantsAreBoundedInsteadOfTrapping() {
        #expect(InterAppTimestamp(secondsSince1970: .max, nanoseconds: .max, utcOffsetSeconds: .max).iso8601String
            == "10000-01-01T23:58:59.147483647+23:59")
        #expect(InterAppTimestamp(secondsSince1970: .min).iso8601String == "0000-01-01T00:00:00Z")
        #expect(InterAppTimestamp(date: Date(timeIntervalSince1970: .infinity)).iso8601String == "9999-12-31T23:59:59Z")
        #expect(InterAppTimestamp(date: Date(timeIntervalSince1970: .nan)).secondsSince1970 == 0)
    }

    @Test func offsetsAreKeptToWholeMinutesUnderADay() {
        #expect(InterAppTimestamp(secondsSince1970: 0, utcOffsetSeconds: 3_659).utcOffsetSeconds == 3_600)
        #expect(InterAppTimestamp(secondsSince1970: 0, utcOffsetSeconds: 90_000).utcOffsetSeconds == 86_340)
        #expect(InterAppTimestamp(secondsSince1970: 0, nanoseconds: -1).secondsSince1970 == -1)
        #expect(InterAppTimestamp(secondsSince1970: 0, nanoseconds: -1).nanoseconds == 999_999_999)
    }
}
