import Foundation
import GatewayAPI
import PaymentCore

/// A tip at one of the merchant's suggested percentages (ARISE `SuggestedTipsDto`).
public struct TipSuggestion: Sendable, Equatable {
    /// The percentage, e.g. 18.
    public var tipPercent: Int
    /// That percentage of the payment's base amount, rounded half-up to the minor unit.
    public var tipAmount: Decimal

    init(_ tip: SuggestedTip, currency: Currency) {
        tipPercent = tip.tipPercent
        tipAmount = AmountConversion.decimal(tip.tipAmount, currency)
    }
}
