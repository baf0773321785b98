import Foundation
import GatewayAPI
import PaymentCore

/// A tip at one of the merchant's suggested percentages (ARISE `SuggestedTipsDto`).
public struct TipSuggestion: Sendable, Equatable {
    /// The suggested rate (ARISE's name), e.g. `.percent(18)` or `.percent(12.5)`.
    public var tipPercent: Rate
    /// That percentage of the payment's base amount, rounded half-up to the minor unit.
    public var tipAmount: Decimal

    init(_ tip: SuggestedTip, currency: Currency) {
        tipPercent = .percent(tip.tipPercent)  // the /v1 wire's percentage
        tipAmount = AmountConversion.decimal(tip.tipAmount, currency)
    }
}
