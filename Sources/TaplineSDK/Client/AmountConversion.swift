import Foundation
import PaymentCore

/// Exact conversions between the SDK's major units (``MajorUnits`` in, `Decimal` out) and
/// the wire's minor units.
///
/// Every amount crosses here, so a rounding rule can never sneak into one method: an amount
/// the currency cannot hold exactly is refused, never rounded, because a silently rounded
/// payment amount is a wrong payment.
enum AmountConversion {
    /// No currency has more minor-unit digits than this, so an amount with more fraction
    /// digits is wrong in every currency and can be refused before its currency is known.
    static let largestExponent = Currency.all.map(\.exponent).max() ?? 3

    /// `amount` in minor units of `currency`; `.badRequest` naming `field` when it is not
    /// greater than zero (or below zero, with `allowZero`) or has too many fraction digits.
    static func minorUnits(_ amount: MajorUnits, _ currency: Currency, field: String,
                           allowZero: Bool = false) throws(TaplineAPIError) -> Int64 {
        try minorUnits(amount.decimal, currency, field: field, allowZero: allowZero)
    }

    /// `amount` (a decimal the SDK read from text, such as an ARISE part "2.50") in minor
    /// units of `currency`, checked as ``minorUnits(_:_:field:allowZero:)-(MajorUnits,_,_,_)`` does.
    static func minorUnits(_ amount: Decimal, _ currency: Currency, field: String,
                           allowZero: Bool = false) throws(TaplineAPIError) -> Int64 {
        try checkSign(amount, field: field, allowZero: allowZero)
        do {
            return try Money(decimal: amount, currency: currency).minorUnits
        } catch {
            let hint = error == .tooManyFractionDigits(currency: currency) ? literalHint : ""
            throw .badRequest(.invalidInput(field, "\(field): \(error.description)\(hint)"))
        }
    }

    /// The checks that need no currency: a number, of the right sign, with no more fraction
    /// digits than any currency allows. The rest waits until the currency is known.
    static func precheck(_ amount: MajorUnits, field: String, allowZero: Bool = false) throws(TaplineAPIError) {
        try checkSign(amount.decimal, field: field, allowZero: allowZero)
        guard InputCheck.hasAtMost(largestExponent, decimalsIn: amount.decimal) else {
            throw .badRequest(.invalidInput(field, "\(field) has more decimal places than any currency allows\(literalHint)"))
        }
    }

    /// Minor units as the exact major-unit `Decimal` (1234 USD → 12.34).
    static func decimal(_ minorUnits: Int64, _ currency: Currency) -> Decimal {
        Money(minorUnits: minorUnits, currency: currency).decimalValue
    }

    /// The currency a gateway answer names; an unknown one means the answer cannot be read.
    static func currency(_ code: String) throws(TaplineAPIError) -> Currency {
        guard let currency = Currency(code: code) else { throw .invalidResponse("unknown currency '\(code)' in the gateway's answer") }
        return currency
    }

    /// `Decimal(0.07)` passes through `Double`, so it arrives as 0.07000000000000001024 and
    /// is refused; saying so saves the app developer a search.
    private static let literalHint =
        " (write amounts as float literals such as 0.07, or with MajorUnits(string:) or Decimal(string:): Decimal(0.07) passes through Double and is not exact)"

    private static func checkSign(_ amount: Decimal, field: String, allowZero: Bool) throws(TaplineAPIError) {
        guard !amount.isNaN else { throw .badRequest(.invalidInput(field, "\(field) is not a number")) }
        if allowZero {
            guard amount >= 0 else { throw .badRequest(.invalidInput(field, "\(field) must not be negative")) }
        } else {
            guard amount > 0 else { throw .badRequest(.invalidInput(field, "\(field) must be greater than zero")) }
        }
    }
}
