import Foundation

/// The rule every rate follows, whether a request sends it or a merchant stores it: a
/// percentage from 0 to 100 with at most four decimals (3.3333 %), so a rate is always an
/// exact decimal that the database, the API and the calculator agree on.
public enum Percentage {
    public static let maxFractionDigits = 4

    /// Why `rate` cannot be a percentage (a sentence about `field`), or nil when it can.
    public static func problem(with rate: Decimal, field: String) -> String? {
        guard !rate.isNaN, rate >= 0, rate <= 100 else { return "\(field) must be a percentage from 0 to 100" }
        var scaled = rate
        for _ in 0..<maxFractionDigits { scaled *= 10 }
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        guard whole == scaled else { return "\(field) may have at most \(maxFractionDigits) decimal places" }
        return nil
    }

    /// Checks `rate` as ``problem(with:field:)`` does, throwing the problem.
    public static func check(_ rate: Decimal?, field: String) throws(AmountCalculationError) {
        guard let rate, let problem = problem(with: rate, field: field) else { return }
        throw .invalidRate(field: field, reason: problem)
    }
}
