import Foundation

/// A rate (a tax, surcharge, tip or discount rate) whose number carries no unit: it is made
/// only as ``percent(_:)`` or ``fraction(_:)`` and read back the same two ways, so 8.75 % can
/// never be taken for 875 % or 0.0875 %. Kept as an exact decimal fraction: converting
/// between the two units moves the decimal point and nothing else.
///
/// Deliberately not expressible by a literal: `taxRate: 0.0875` does not compile, the call
/// says `.fraction(0.0875)` or `.percent(8.75)`.
public struct Rate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The rate as a fraction of one (0.0875 for 8.75 %).
    public let fraction: Decimal

    private init(exactFraction: Decimal) {
        var value = exactFraction
        NSDecimalCompact(&value)  // 0.08750 and 0.0875 are one rate, with one hash
        fraction = value
    }

    /// A rate given as a fraction of one: `.fraction(0.0875)` is 8.75 %.
    public static func fraction(_ fraction: Decimal) -> Rate {
        Rate(exactFraction: fraction)
    }

    /// A rate given as a percentage: `.percent(8.75)` is 8.75 %.
    public static func percent(_ percent: Decimal) -> Rate {
        Rate(exactFraction: shifted(percent, by: -2))
    }

    // A float literal becomes a Decimal through Double and keeps its binary error
    // (`12.3456 as Decimal` is 12.345599999999997952, a rate too fine to take). These take
    // the literal as the decimal it spells (Swift prints a Double as its shortest exact
    // text), and an integer literal as itself, so `.percent(12.3456)` is 12.3456 %.

    /// `.fraction(0.0875)`: the decimal the literal spells.
    public static func fraction(_ fraction: Double) -> Rate { .fraction(spelled(fraction)) }
    /// `.fraction(1)`.
    public static func fraction(_ fraction: Int) -> Rate { .fraction(Decimal(fraction)) }
    /// `.percent(8.75)`: the decimal the literal spells.
    public static func percent(_ percent: Double) -> Rate { .percent(spelled(percent)) }
    /// `.percent(3)`.
    public static func percent(_ percent: Int) -> Rate { .percent(Decimal(percent)) }

    private static func spelled(_ value: Double) -> Decimal {
        guard value.isFinite, let exact = Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) else { return .nan }
        return exact
    }

    /// The rate as a percentage (8.75 for 8.75 %).
    public var percent: Decimal { Self.shifted(fraction, by: 2) }

    /// "8.75 %".
    public var description: String { "\(percent) %" }

    public static func < (lhs: Rate, rhs: Rate) -> Bool { lhs.fraction < rhs.fraction }

    /// The finest step a rate may take: four decimals of a percentage (12.3456 %), six of a
    /// fraction, the precision ``Percentage`` allows and the database keeps.
    public static let maxPercentFractionDigits = Percentage.maxFractionDigits

    /// Why a rate cannot be a payment's rate.
    public enum Problem: Sendable, Equatable {
        /// Below 0 % or above 100 %.
        case outOfRange
        /// Finer than ``Rate/maxPercentFractionDigits`` decimals of a percentage.
        case tooPrecise
    }

    /// What is wrong with this rate, or nil when it is from 0 % to 100 % in steps of 0.0001 %.
    public var problem: Problem? {
        guard !fraction.isNaN, fraction >= 0, fraction <= 1 else { return .outOfRange }
        var scaled = Self.shifted(percent, by: Int16(Self.maxPercentFractionDigits))
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        return whole == scaled ? nil : .tooPrecise
    }

    /// `value` × 10^`power`, exactly (the exponent moves, the digits stay).
    private static func shifted(_ value: Decimal, by power: Int16) -> Decimal {
        var source = value
        var result = Decimal()
        guard NSDecimalMultiplyByPowerOf10(&result, &source, power, .plain) == .noError else { return .nan }
        return result
    }
}

/// Coded as `{"percent": "8.75"}`: the unit is named and the number is exact text, so no
/// bare number leaves a rate. (The APIs have their own wire types; this keeps
/// ``Transaction`` and ``PaymentBreakdown`` codable.)
extension Rate: Codable {
    private enum CodingKeys: String, CodingKey {
        case percent
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .percent)
        // Digits with one optional point and sign: Decimal(string:) alone reads "8.75%" as 8.75.
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let percent = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !percent.isNaN else {
            throw DecodingError.dataCorruptedError(forKey: .percent, in: container, debugDescription: "'\(text)' is not a percentage")
        }
        self = .percent(percent)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("\(percent)", forKey: .percent)
    }
}
