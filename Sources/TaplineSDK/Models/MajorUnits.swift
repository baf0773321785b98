import Foundation
import PaymentCore

/// An amount in its currency's major unit (49.99 USD, 1200 JPY), as ARISE's calls take
/// amounts: ``TapToPay/performTransaction(amount:currency:)``,
/// ``TaplineClient/captureTransaction(transactionId:amount:currency:breakdown:)``,
/// ``TaplineClient/refundTransaction(transactionId:amount:currency:)``, and the amounts of
/// ``CardTransactionInput``, ``AchTransactionInput``, ``AmountCalculationRequest`` and
/// ``RefundRequest``.
///
/// It is deliberately not an integer literal: `500` means 5.00 to Koard's and Toro's calls
/// and to the wire, which count minor units, and 500.00 here, so an integer literal does
/// not compile where major units are meant. Write `5.00` (a float literal), or make one
/// from a `Decimal`, a `Double` or a string. A float literal is read from its shortest
/// decimal spelling, so `0.07` is exactly 0.07, not the binary number beneath it. Calls of
/// Tapline's own take ``PaymentCore/Money`` (minor units and currency) instead.
public struct MajorUnits: Sendable, Hashable, ExpressibleByFloatLiteral, CustomStringConvertible {
    /// The amount, exactly, in major units.
    public let decimal: Decimal

    /// `decimal` major units.
    public init(_ decimal: Decimal) {
        self.decimal = decimal
    }

    /// A `Double` read from its shortest decimal spelling (12.1 is 12.1, not
    /// 12.0999999999999996447…); a value with more decimals than its currency has is
    /// refused when it is converted, never rounded.
    public init(_ value: Double) {
        self.decimal = Self.exactDecimal(value)
    }

    /// A float literal: `49.99`.
    public init(floatLiteral value: Double) {
        self.init(value)
    }

    /// A plain decimal string such as "49.99" (digits, one optional point, an optional
    /// leading "-"; no exponent, grouping or currency sign); nil for anything else.
    public init?(string: String) {
        guard Money.isPlainDecimal(string), let decimal = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")) else {
            return nil
        }
        self.decimal = decimal
    }

    /// Exactly this amount in minor units of `currency` (49.99 USD → 4999); refuses one
    /// with more decimals than the currency has instead of rounding it.
    public func money(in currency: Currency) throws(MoneyError) -> Money {
        try Money(decimal: decimal, currency: currency)
    }

    public var description: String { "\(decimal)" }

    private static func exactDecimal(_ value: Double) -> Decimal {
        guard value.isFinite else { return Decimal.nan }
        // Swift prints the shortest spelling that reads back as the same Double.
        return Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
    }
}
