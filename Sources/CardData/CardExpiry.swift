import Foundation

/// A card's expiry month. The card is valid through the last day of that month.
public struct CardExpiry: Hashable, Sendable, CustomStringConvertible {
    /// 1–12.
    public let month: Int
    /// Four-digit year.
    public let year: Int

    /// A two-digit year (0–99) means 2000–2099; a four-digit year (1000–9999) is taken as is.
    ///
    /// Two-digit years are not windowed around today because the initialiser has no clock:
    /// cards are issued for at most a few years ahead, so 20xx is right for this century.
    public init(month: Int, year: Int) throws(CardDataError) {
        guard (1...12).contains(month) else { throw .invalidExpiryMonth(month) }
        switch year {
        case 0...99: self.year = 2000 + year
        case 1000...9999: self.year = year
        default: throw .invalidExpiryYear(year)
        }
        self.month = month
    }

    /// Parses "MM/YY", "MM/YYYY", "MMYY" or "MMYYYY" (also with "-" or " " as separator).
    public init(parsing text: some StringProtocol) throws(CardDataError) {
        let separators: Set<Character> = ["/", "-", " "]
        let parts = String(text).split(whereSeparator: { separators.contains($0) }).map(String.init)
        let monthText: String
        let yearText: String
        switch parts.count {
        case 2:
            (monthText, yearText) = (parts[0], parts[1])
        case 1 where parts[0].count == 4 || parts[0].count == 6:
            (monthText, yearText) = (String(parts[0].prefix(2)), String(parts[0].dropFirst(2)))
        default:
            throw .invalidExpiryFormat
        }
        let digitsOnly = (monthText + yearText).allSatisfy { $0.isASCII && $0.isNumber }
        guard digitsOnly, (1...2).contains(monthText.count), yearText.count == 2 || yearText.count == 4,
              let month = Int(monthText), let year = Int(yearText) else {
            throw .invalidExpiryFormat
        }
        try self.init(month: month, year: year)
    }

    /// Whether the card is still valid at `date`: true through the last day of the expiry
    /// month in `timeZone`.
    ///
    /// The date is passed in, never read from the clock, so callers decide what "now" is
    /// and tests can pin it.
    public func isValid(at date: Date, in timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.dateComponents([.year, .month], from: date)
        guard let currentYear = today.year, let currentMonth = today.month else { return false }
        return (currentYear, currentMonth) <= (year, month)
    }

    /// "MM/YY", as printed on the card.
    public var description: String {
        let monthText = month < 10 ? "0\(month)" : "\(month)"
        let shortYear = year % 100
        return monthText + "/" + (shortYear < 10 ? "0\(shortYear)" : "\(shortYear)")
    }
}
