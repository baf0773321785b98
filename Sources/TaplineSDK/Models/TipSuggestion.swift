import Foundation
import GatewayAPI
import PaymentCore

/// A tip at one of the merchant's suggested percentages (ARISE `SuggestedTipsDto`).
public struct TipSuggestion: Sendable, Equatable {
    /// The percentage, e.g. 18 or 12.5.
    public var tipPercent: Decimal
    /// That percentage of the payment's base amount, rounded half-up to the minor unit.
    public var tipAmount: Decimal

    init(_ tip: SuggestedTip, currency: Currency) {
        tipPercent = Self.percent(tip.tipPercent)
        tipAmount = AmountConversion.decimal(tip.tipAmount, currency)
    }

    // The wire's percentage is becoming an exact Decimal (12.5 %) where it was a whole
    // number; one overload per form keeps this file right on either side of that change.
    private static func percent(_ value: Int) -> Decimal { Decimal(value) }
    private static func percent(_ value: Decimal) -> Decimal { value }
}
