import Foundation

/// What each tender (cash, credit card, debit card, ACH) pays for a base amount under a
/// merchant's pricing (ARISE `calculateAmount`). Pure: no clock, no store.
///
/// Rates are exact decimal percentages; every part is rounded half-up to the currency's
/// minor unit on its own, and each tender's total is the sum of its parts:
///
/// - percentage off = round(base × percentageOffRate / 100); discounted = base − percentage off.
/// - tip = `tipAmount`, or round(discounted × tipRate / 100) (not both); the same for every tender.
/// - tax = round(discounted × merchant taxRate / 100); the same for every tender.
/// - `noZeroCost`: no surcharge and no cash discount for any tender.
/// - `surcharge`: credit cards pay round(discounted × rate / 100), rate = the request's
///   surchargeRate, else the merchant's surcharge rate; debit cards, cash and ACH pay none.
/// - `cashDiscount`: the base is the card price; cash and ACH get
///   round(discounted × merchant cashDiscountRate / 100) off; cards pay the card price.
/// - `dualPricing`: rate = the request's surchargeRate, else the merchant's dual pricing rate.
///   With `useCardPrice` true the base is the card price: cards pay it, cash and ACH get
///   round(discounted × rate / (100 + rate)) off (undoing a rate % mark-up, reported with
///   cashDiscountRate = rate). Otherwise the base is the cash price: cash and ACH pay it,
///   cards pay a surcharge of round(discounted × rate / 100).
///
/// A missing merchant rate counts as 0; a request's surchargeRate applies only in the
/// `surcharge` and `dualPricing` modes. Refused: a base of zero or less, a negative tip, a
/// rate outside 0–100 or with more than four decimals, both tipAmount and tipRate, and any
/// amount or total above ``Money/largestMinorUnits``.
public enum AmountCalculator {
    public static func calculate(
        _ base: Money, pricing: PricingSettings, options: AmountOptions = AmountOptions()
    ) throws(AmountCalculationError) -> TenderAmounts {
        try validate(base, pricing: pricing, options: options)
        let percentageOffRate = options.percentageOffRate ?? 0
        let percentageOff = try part(base, percentageOffRate, per: 100)
        let discounted = Money(minorUnits: base.minorUnits - percentageOff, currency: base.currency)
        let tipRate = options.tipAmount == nil ? options.tipRate ?? 0 : 0
        let tip: Int64
        if let asked = options.tipAmount { tip = asked } else { tip = try part(discounted, tipRate, per: 100) }
        let common = AmountBreakdown(
            base: base.minorUnits, percentageOff: percentageOff, percentageOffRate: percentageOffRate, tip: tip, tipRate: tipRate,
            tax: try part(discounted, pricing.taxRate, per: 100), taxRate: pricing.taxRate)
        var cash = common, credit = common, debit = common, ach = common
        switch pricing.mode {
        case .noZeroCost:
            break
        case .surcharge:
            let rate = options.surchargeRate ?? pricing.surchargeRate ?? 0
            credit.surcharge = try part(discounted, rate, per: 100)
            credit.surchargeRate = rate
        case .cashDiscount:
            let rate = pricing.cashDiscountRate ?? 0
            let discount = try part(discounted, rate, per: 100)
            (cash.cashDiscount, cash.cashDiscountRate) = (discount, rate)
            (ach.cashDiscount, ach.cashDiscountRate) = (discount, rate)
        case .dualPricing:
            let rate = options.surchargeRate ?? pricing.dualPricingRate ?? 0
            if options.useCardPrice == true {
                let discount = try part(discounted, rate, per: 100 + rate)
                (cash.cashDiscount, cash.cashDiscountRate) = (discount, rate)
                (ach.cashDiscount, ach.cashDiscountRate) = (discount, rate)
            } else {
                let surcharge = try part(discounted, rate, per: 100)
                (credit.surcharge, credit.surchargeRate) = (surcharge, rate)
                (debit.surcharge, debit.surchargeRate) = (surcharge, rate)
            }
        }
        let amounts = TenderAmounts(currency: base.currency, cash: cash, creditCard: credit, debitCard: debit, ach: ach)
        guard amounts.all.allSatisfy({ $0.total <= Money.largestMinorUnits }) else {
            throw .invalidAmount(field: "amount", reason: "the total would be more than \(Money.largestMinorUnits) minor units")
        }
        return amounts
    }

    /// `amount` × `rate` / `denominator` in minor units. ``validate`` bounds the inputs, so this
    /// cannot fail; the check stays so a future caller cannot turn an overflow into a wrong price.
    private static func part(_ amount: Money, _ rate: Decimal, per denominator: Decimal) throws(AmountCalculationError) -> Int64 {
        do {
            return try amount.applying(rate: rate, per: denominator).minorUnits
        } catch {
            throw .invalidAmount(field: "amount", reason: "the amount is too large to price")
        }
    }

    /// Bounds come first, so nothing below can overflow: every part is at most a few times
    /// ``Money/largestMinorUnits``, far inside Int64.
    private static func validate(_ base: Money, pricing: PricingSettings, options: AmountOptions) throws(AmountCalculationError) {
        guard base.minorUnits > 0 else {
            throw .invalidAmount(field: "amount", reason: "amount must be greater than zero (minor units, e.g. 1234 for 12.34)")
        }
        guard base.minorUnits <= Money.largestMinorUnits else {
            throw .invalidAmount(field: "amount", reason: "amount must be at most \(Money.largestMinorUnits) minor units")
        }
        if let tip = options.tipAmount {
            guard tip >= 0 else { throw .invalidAmount(field: "tipAmount", reason: "tipAmount must not be negative") }
            guard tip <= Money.largestMinorUnits else { throw .invalidAmount(field: "tipAmount", reason: "tipAmount must be at most \(Money.largestMinorUnits) minor units") }
        }
        try Percentage.check(options.percentageOffRate, field: "percentageOffRate")
        try Percentage.check(options.surchargeRate, field: "surchargeRate")
        try Percentage.check(options.tipRate, field: "tipRate")
        guard options.tipAmount == nil || options.tipRate == nil else { throw .tipAmountAndRate }
        // The merchant's own rates were checked when they were set; checked again so a bad
        // stored value cannot price a payment.
        try Percentage.check(pricing.taxRate, field: "taxRate")
        try Percentage.check(pricing.surchargeRate, field: "defaultSurchargeRate")
        try Percentage.check(pricing.cashDiscountRate, field: "defaultCashDiscountRate")
        try Percentage.check(pricing.dualPricingRate, field: "defaultDualPricingRate")
    }
}
