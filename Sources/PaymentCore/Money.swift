import Foundation

/// An amount of money: integer minor units of one currency. Never a floating-point number.
public struct Money: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The amount in the currency's minor unit (cents for USD, yen for JPY).
    public var minorUnits: Int64
    public var currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Zero in the given currency.
    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    /// The largest amount Tapline takes, in minor units of any currency (11 digits:
    /// 999,999,999.99 USD, 99,999,999,999 JPY, 99,999,999.999 KWD). Every amount a client
    /// sends is refused above it, so sums of a few amounts and rates up to 100 % stay far
    /// inside Int64, and the amount fits ISO 8583's 12-digit amount field.
    public static let largestMinorUnits: Int64 = 99_999_999_999

    /// Whether `minorUnits` is from 0 to ``largestMinorUnits``.
    public static func isWithinLimit(_ minorUnits: Int64) -> Bool {
        minorUnits >= 0 && minorUnits <= largestMinorUnits
    }

    /// Converts a decimal major-unit amount exactly ("12.34" USD → 1234).
    ///
    /// Refuses amounts with more fraction digits than the currency allows instead of
    /// rounding them, because a silently rounded payment amount is a wrong payment.
    public init(decimal: Decimal, currency: Currency) throws(MoneyError) {
        var scaled = decimal
        var factor = Decimal(1)
        for _ in 0..<currency.exponent { factor *= 10 }
        scaled *= factor
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled else { throw .tooManyFractionDigits(currency: currency) }
        guard rounded <= Decimal(Int64.max), rounded >= Decimal(Int64.min) else { throw .overflow }
        self.init(minorUnits: NSDecimalNumber(decimal: rounded).int64Value, currency: currency)
    }

    /// Parses a plain decimal string such as "12.34" exactly.
    public init(parsing text: String, currency: Currency) throws(MoneyError) {
        guard Self.isPlainDecimal(text), let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw .notANumber(text)
        }
        try self.init(decimal: value, currency: currency)
    }

    /// "-"? digits ("." digits)?: no exponent, no grouping, no sign doubling.
    public static func isPlainDecimal(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        return parts.allSatisfy(isDigits) && !parts.isEmpty
    }

    /// The amount in major units, exactly (1234 USD cents → 12.34).
    public var decimalValue: Decimal {
        var value = Decimal(minorUnits)
        for _ in 0..<currency.exponent { value /= 10 }
        return value
    }

    /// "12.34", "1000", "1.500": the amount with exactly the currency's number of decimals.
    public var formattedAmount: String {
        let negative = minorUnits < 0
        let digits = String(minorUnits.magnitude)
        guard currency.exponent > 0 else { return (negative ? "-" : "") + digits }
        let padded = String(repeating: "0", count: max(0, currency.exponent + 1 - digits.count)) + digits
        let split = padded.index(padded.endIndex, offsetBy: -currency.exponent)
        return (negative ? "-" : "") + padded[..<split] + "." + padded[split...]
    }

    public var description: String { "\(formattedAmount) \(currency.code)" }

    public func adding(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow }
        return Money(minorUnits: sum, currency: currency)
    }

    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow }
        return Money(minorUnits: difference, currency: currency)
    }

    /// This amount times an exact rate (0.18 for 18 %), rounded half-up to the minor unit.
    public func applying(rate: Decimal) throws(MoneyError) -> Money {
        try applying(rate: rate, per: 1)
    }

    /// This amount times `rate` / `denominator`, rounded half-up to the minor unit
    /// (`applying(rate: 3.5, per: 100)` is 3.5 %).
    ///
    /// Multiplies before dividing: a quotient such as 20 / 120 has no exact decimal, and
    /// dividing first would turn an exact half (3 × 20 / 120 = 0.5) into 0.4999… that rounds down.
    /// `.plain` rounds halves away from zero, which is half-up for the non-negative amounts
    /// rates apply to.
    /// Throws ``MoneyError/overflow`` when the result does not fit Int64 (or the rate is not
    /// a number), where `int64Value` would have returned a wrong amount without a word.
    public func applying(rate: Decimal, per denominator: Decimal) throws(MoneyError) -> Money {
        guard !rate.isNaN, !denominator.isNaN, !denominator.isZero else { throw .overflow }
        if let whole = Self.wholeRatio(rate, denominator), let result = applying(whole) { return result }
        return try applyingInDecimal(rate: rate, per: denominator)
    }

    /// The same in Decimal arithmetic: every rate, at some microseconds a call (its division).
    func applyingInDecimal(rate: Decimal, per denominator: Decimal) throws(MoneyError) -> Money {
        var exact = Decimal(minorUnits) * rate / denominator
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .plain)
        guard !rounded.isNaN, rounded <= Decimal(Int64.max), rounded >= Decimal(Int64.min) else { throw .overflow }
        return Money(minorUnits: NSDecimalNumber(decimal: rounded).int64Value, currency: currency)
    }

    /// A rate and denominator that are both whole numbers below a billion (18 per 100, the
    /// usual tip or fee), as integers; nil for any other.
    static func wholeRatio(_ rate: Decimal, _ denominator: Decimal) -> (rate: Int64, per: Int64)? {
        let limit = Decimal(1_000_000_000)
        guard rate.exponent >= 0, denominator.exponent >= 0, rate.magnitude < limit, denominator > 0, denominator < limit else {
            return nil
        }
        return (NSDecimalNumber(decimal: rate).int64Value, NSDecimalNumber(decimal: denominator).int64Value)
    }

    /// `minorUnits × rate / per` in Int64, rounded half away from zero as `.plain` does; nil
    /// when the product leaves Int64 (the Decimal path then says so).
    private func applying(_ ratio: (rate: Int64, per: Int64)) -> Money? {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: ratio.rate)
        guard !overflow else { return nil }
        var (quotient, remainder) = product.quotientAndRemainder(dividingBy: ratio.per)
        if remainder.magnitude * 2 >= ratio.per.magnitude { quotient += product < 0 ? -1 : 1 }
        return Money(minorUnits: quotient, currency: currency)
    }
}

/// Why an amount could not be made or combined.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooManyFractionDigits(currency: Currency)
    case notANumber(String)
    case currencyMismatch(Currency, Currency)
    case overflow

    public var description: String {
        switch self {
        case .tooManyFractionDigits(let currency):
            return "\(currency.code) allows at most \(currency.exponent) decimal places"
        case .notANumber(let text): return "'\(text)' is not a decimal amount"
        case .currencyMismatch(let a, let b): return "cannot combine \(a.code) with \(b.code)"
        case .overflow: return "amount is out of range"
        }
    }
}
