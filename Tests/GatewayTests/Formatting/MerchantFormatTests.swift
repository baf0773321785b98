import Foundation
@testable import Gateway
import PaymentCore
import Storage
import Testing

/// Money and times as a merchant's pages and receipts write them: the locale's grouping,
/// separator and symbol, the currency's own decimals, and the merchant's time zone.
@Suite("Merchant format")
struct MerchantFormatTests {
    static func format(_ locale: String, zone: String = "UTC") -> MerchantFormat {
        var settings = PaymentSettings(settlementTimes: [SettlementTime(hours: 23, minutes: 0, timeZone: zone)])
        settings.locale = locale
        return MerchantFormat(settings)
    }

    // U+00A0 (no-break space) is what ICU puts between an amount and a sign written apart.
    @Test(arguments: [
        ("en-US", 1_234_567, Currency.usd, "$12,345.67"),
        ("ja-JP", 1_500, Currency.jpy, "¥1,500"),
        ("en-US", 1_500, Currency.jpy, "¥1,500"),
        ("de-DE", 123_456, Currency.eur, "1.234,56\u{A0}€"),
        ("en-US", 12_345, Currency.kwd, "KWD\u{A0}12.345"),
        ("en-GB", -550, Currency.gbp, "-£5.50"),
        ("en-US", 5, Currency.usd, "$0.05"),
        ("en-US", 99_999_999_999, Currency.usd, "$999,999,999.99"),
    ])
    func moneyIsWrittenForTheLocaleWithTheCurrencysDecimals(locale: String, minorUnits: Int64, currency: Currency, expected: String) {
        #expect(Self.format(locale).money(minorUnits, currency) == expected)
    }

    @Test func aMinorUnitIsNeverShownAsAMajorOne() {
        // 1,500 yen is not 15.00, and 1.500 dinars is not 1,500 or 15.00.
        let format = Self.format("en-US")
        #expect(format.money(1_500, .jpy) == "¥1,500")
        #expect(format.money(1_500, .kwd) == "KWD\u{A0}1.500")
        #expect(format.money(1_500, .usd) == "$15.00")
    }

    @Test func timesAreInTheMerchantsTimeZone() throws {
        let instant = try #require(ISO8601DateFormatter().date(from: "2026-11-28T03:30:00Z"))
        #expect(Self.format("en-US", zone: "America/New_York").time(instant) == "2026-11-27 22:30")
        #expect(Self.format("en-US", zone: "Asia/Tokyo").time(instant) == "2026-11-28 12:30")
        #expect(Self.format("en-US").time(instant) == "2026-11-28 03:30")
    }

    @Test func aDayStartsAtTheMerchantsMidnight() throws {
        let day = try #require(CivilDate(year: 2026, month: 11, day: 28))
        let tokyo = try #require(Self.format("en-US", zone: "Asia/Tokyo").startOfDay(day))
        #expect(tokyo == ISO8601DateFormatter().date(from: "2026-11-27T15:00:00Z"))
        let newYork = try #require(Self.format("en-US", zone: "America/New_York").startOfDay(day))
        #expect(newYork == ISO8601DateFormatter().date(from: "2026-11-28T05:00:00Z"))
    }

    @Test func aMerchantWithoutSettingsReadsEnUSInUTC() {
        let format = MerchantFormat(PaymentSettings())
        #expect(format.zoneName == "UTC")
        #expect(format.money(123_456, .eur) == "€1,234.56")
    }

    @Test(arguments: [("en-US", true), ("de-DE", true), ("ja-JP", true), ("fr", true), ("zh-Hant-TW", true),
                      ("xx-YY", false), ("en_US", false), ("", false), ("de-DE;", false), ("en-US\u{0}", false),
                      (String(repeating: "a", count: 36), false)])
    func theLocalesTakenAreTheOnesTheGatewayFormatsFor(tag: String, known: Bool) {
        #expect(MerchantLocale.isKnown(tag) == known)
    }
}
