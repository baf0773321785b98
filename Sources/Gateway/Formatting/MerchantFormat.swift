import Foundation
import PaymentCore
import Storage

/// How a merchant's pages and receipts write money and times: money in the merchant's
/// locale with the currency's own number of decimals ("$12,345.67", "¥1,500",
/// "1.234,56 €", "KWD 12.345"), times in the merchant's time zone (that of its first batch
/// close time, the one zone setting it has). Machine-read output (CSV, JSON) keeps plain
/// amounts and UTC.
struct MerchantFormat: Sendable {
    let locale: Locale
    let timeZone: TimeZone
    /// The time zone's name as the pages state it ("America/New_York", "UTC").
    let zoneName: String
    private let calendar: Calendar

    /// `zoneName` defaults to the zone's identifier (Foundation calls UTC "GMT").
    init(locale: Locale, timeZone: TimeZone, zoneName: String? = nil) {
        self.locale = locale
        self.timeZone = timeZone
        self.zoneName = zoneName ?? timeZone.identifier
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The merchant's locale and time zone from its settings.
    init(_ settings: PaymentSettings) {
        let name = settings.settlementTimes.first?.timeZone
        guard let name, let zone = TimeZone(identifier: name) else {
            self.init(locale: MerchantLocale.locale(of: settings), timeZone: Self.utc, zoneName: "UTC")
            return
        }
        self.init(locale: MerchantLocale.locale(of: settings), timeZone: zone, zoneName: name)
    }

    /// en-US in UTC: for pages shown before anyone signs in.
    static let standard = MerchantFormat(locale: Locale(identifier: "en_US"), timeZone: utc, zoneName: "UTC")
    static let utc = TimeZone(identifier: "UTC")!

    /// The amount with its currency as people write it in the merchant's locale. The
    /// fraction length is the currency's exponent, never the locale's guess, so a minor
    /// unit is never shown as a major one.
    func money(_ money: Money) -> String {
        let style = Decimal.FormatStyle.Currency(code: money.currency.code, locale: locale)
            .precision(.fractionLength(money.currency.exponent))
        return money.decimalValue.formatted(style)
    }

    /// `money` of an amount in minor units.
    func money(_ minorUnits: Int64, _ currency: Currency) -> String {
        money(Money(minorUnits: minorUnits, currency: currency))
    }

    /// "2026-11-28 14:05": the date and time to the minute, in the merchant's time zone.
    func time(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The start of a civil day in the merchant's time zone.
    func startOfDay(_ day: CivilDate) -> Date? {
        calendar.date(from: DateComponents(year: Int(day.year), month: Int(day.month), day: Int(day.day)))
    }
}
