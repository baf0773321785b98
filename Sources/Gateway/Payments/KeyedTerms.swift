import PaymentCore
import Storage

/// What a keyed payment takes from the merchant's settings in phase 1, inside the write
/// that records it (so a refusal leaves nothing behind): its price and, when AVS can
/// refuse, the billing address it must carry.
enum KeyedTerms {
    /// `row` priced: with ``NewPayment/pricing``, amount and tip become the credit-card
    /// tender's total and tip, and the parts are kept as `amountDetails`.
    static func apply(_ payment: NewPayment, settings: PaymentSettings, to row: Transaction) throws -> Transaction {
        var row = row
        if payment.tap == nil, settings.avs.requiresBillingAddress, payment.billingAddress?.isVerifiable != true {
            let profile = settings.avs.profile?.name ?? "set"
            throw GatewayFailure.invalid(
                "billingAddress",
                "billingAddress with line1 or postalCode is required: this merchant's AVS profile (\(profile)) verifies the billing address of keyed payments")
        }
        guard let options = payment.pricing else { return row }
        try checkModeTakes(options, mode: settings.pricing.mode)
        let price = try PricedAmount.price(
            Money(minorUnits: payment.baseAmount, currency: payment.currency), pricing: settings.pricing, options: options)
        row.amount = price.total
        row.tipAmount = price.tip
        row.amountDetails = price
        return row
    }

    /// A rate the merchant's mode would ignore is refused rather than dropped:
    /// `surchargeRate` applies in surcharge and dual pricing, `useCardPrice` true in dual
    /// pricing only (false, "the amount is not a card price", holds in every other mode).
    private static func checkModeTakes(_ options: AmountOptions, mode: ZeroCostProcessingMode) throws {
        if options.surchargeRate != nil, mode != .surcharge, mode != .dualPricing {
            throw GatewayFailure.invalid(
                "surchargeRate", "surchargeRate applies in the surcharge and dual pricing modes; this merchant's mode is \(mode.rawValue) (payment settings: zeroCostProcessingOption)")
        }
        if options.useCardPrice == true, mode != .dualPricing {
            throw GatewayFailure.invalid(
                "useCardPrice", "useCardPrice applies in the dual pricing mode; this merchant's mode is \(mode.rawValue) (payment settings: zeroCostProcessingOption)")
        }
    }
}
