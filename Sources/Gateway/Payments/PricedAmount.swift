import Foundation
import GatewayAPI
import PaymentCore
import Storage

/// What a keyed payment charges. Either the client priced it (`breakdown`: amount + tip,
/// as the parts add up) or the gateway does, with ``AmountCalculator`` under the merchant's
/// pricing: `amount` is the base, `tipAmount`/`tipRate`, `percentageOffRate`,
/// `surchargeRate` and `useCardPrice` are the calculation's options, and the card pays the
/// credit-card tender's total. A keyed or swiped card is priced as a credit card: nothing
/// on this route says a card is debit (no BIN table), and the credit price is the one a
/// surcharging merchant may ask.
struct PricedAmount {
    /// The tip before pricing (the breakdown's, or `tipAmount`); pricing may set it from a rate.
    var tip: Int64
    var breakdown: PaymentBreakdown?
    /// The calculation to run in phase 1 with the merchant's pricing; nil with a breakdown.
    var options: AmountOptions?

    /// The pricing fields, checked: a `breakdown` excludes the rates and `useCardPrice` (the
    /// client already priced the payment); rates and tips are bounded by a dry run of the
    /// calculator, so a bad value is refused before anything is read or written.
    static func read(_ body: CardTransactionRequest, currency: Currency) throws -> PricedAmount {
        let options = AmountOptions(
            percentageOffRate: body.percentageOffRate, surchargeRate: body.surchargeRate, tipAmount: body.tipAmount,
            tipRate: body.tipRate, useCardPrice: body.useCardPrice)
        if body.breakdown != nil {
            let rates: [(String, Any?)] = [
                ("tipRate", body.tipRate), ("percentageOffRate", body.percentageOffRate), ("surchargeRate", body.surchargeRate),
                ("useCardPrice", body.useCardPrice),
            ]
            if let (field, _) = rates.first(where: { $0.1 != nil }) {
                throw GatewayFailure.invalid(
                    field, "\(field) prices the payment under the merchant's settings, but a breakdown says the price already; send one or the other")
            }
            let breakdown = try BreakdownRules.canonical.parse(body.breakdown)
            let tip = try AmountField.nonNegative(
                BreakdownRules.canonical.tip(requestTip: body.tipAmount, breakdown: breakdown, tipField: "tipAmount"), field: "tipAmount")
            guard body.amount <= Money.largestMinorUnits - tip else {
                throw GatewayFailure.invalid("amount", "amount plus tipAmount must be at most \(Money.largestMinorUnits) minor units", .amount)
            }
            try BreakdownRules.check(breakdown, total: body.amount + tip)
            return PricedAmount(tip: tip, breakdown: breakdown, options: nil)
        }
        _ = try price(Money(minorUnits: body.amount, currency: currency), pricing: PricingSettings(), options: options)
        return PricedAmount(tip: body.tipAmount ?? 0, breakdown: nil, options: options)
    }

    /// The card's price under `pricing`: the credit-card tender.
    static func price(_ base: Money, pricing: PricingSettings, options: AmountOptions) throws -> AmountBreakdown {
        do {
            return try AmountCalculator.calculate(base, pricing: pricing, options: options).creditCard
        } catch {
            throw GatewayFailure.invalid(error.field, error.description, error.isAmount ? .amount : .malformed)
        }
    }
}

extension AmountCalculationError {
    var isAmount: Bool {
        if case .invalidAmount = self { return true }
        return false
    }
}
