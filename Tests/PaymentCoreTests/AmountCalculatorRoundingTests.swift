import Foundation
import PaymentCore
import Testing

/// Rounding (half-up, per part, in the currency's minor unit), exact decimal rates, and
/// what the calculator refuses.
@Suite("Amount calculator: rounding and refusals")
struct AmountCalculatorRoundingTests {
    static func rate(_ text: String) -> Decimal { Decimal(string: text)! }

    static func credit(_ minor: Int64, _ currency: Currency = .usd, surcharge: String) throws -> AmountBreakdown {
        let pricing = PricingSettings(mode: .surcharge, surchargeRate: rate(surcharge))
        return try AmountCalculator.calculate(Money(minorUnits: minor, currency: currency), pricing: pricing).creditCard
    }

    @Test(arguments: [
        (Int64(150), "1", Int64(2)), (50, "5", 3), (149, "1", 1), (151, "1", 2), (1, "50", 1),
        // 1.15 % of 10.00 is exactly 0.115: half-up gives 0.12, where binary floating point
        // (1.15 × 1000 / 100 = 11.4999…) would give 0.11.
        (1_000, "1.15", 12),
    ])
    func halvesRoundUp(base: Int64, surcharge: String, expected: Int64) throws {
        #expect(try Self.credit(base, surcharge: surcharge).surcharge == expected)
    }

    @Test func percentageOffRoundsHalfUpAndTheRestIsOnTheDiscountedAmount() throws {
        let pricing = PricingSettings(mode: .surcharge, surchargeRate: 2, taxRate: 10)
        let credit = try AmountCalculator.calculate(
            Money(minorUnits: 250, currency: .usd), pricing: pricing, options: AmountOptions(percentageOffRate: 1)).creditCard
        // 1 % of 2.50 = 0.025 → 0.03 off; 2.47 discounted: surcharge 0.0494 → 0.05, tax 0.247 → 0.25.
        #expect(credit.percentageOff == 3)
        #expect(credit.surcharge == 5)
        #expect(credit.tax == 25)
        #expect(credit.total == 250 - 3 + 5 + 25)
    }

    @Test func dualPricingDiscountRoundsTheExactQuotient() throws {
        // 3 × 20 / 120 is exactly 0.5; 20 / 120 first would be 0.1666… and round 0.4999… down.
        let pricing = PricingSettings(mode: .dualPricing, dualPricingRate: 20)
        let options = AmountOptions(useCardPrice: true)
        for (base, discount) in [(Int64(3), Int64(1)), (1_503, 251)] {
            let cash = try AmountCalculator.calculate(Money(minorUnits: base, currency: .usd), pricing: pricing, options: options).cash
            #expect(cash.cashDiscount == discount, "\(base)")
        }
    }

    @Test func yenHasNoMinorUnitsToRoundTo() throws {
        // 3.5 % of ¥1015 = ¥35.525 → ¥36; 10 % off ¥1015 = ¥101.5 → ¥102.
        #expect(try Self.credit(1_015, .jpy, surcharge: "3.5").surcharge == 36)
        let amounts = try AmountCalculator.calculate(
            Money(minorUnits: 1_015, currency: .jpy), pricing: PricingSettings(), options: AmountOptions(percentageOffRate: 10))
        #expect(amounts.cash.percentageOff == 102)
        #expect(amounts.cash.total == 913)
        #expect(amounts.currency == .jpy)
    }

    @Test func kuwaitiDinarsRoundToTheFils() throws {
        // 3.333 % of 1.234 KWD = 0.04112922 → 0.041; 5 % tax = 0.0617 → 0.062.
        let pricing = PricingSettings(mode: .cashDiscount, cashDiscountRate: Self.rate("3.333"), taxRate: 5)
        let cash = try AmountCalculator.calculate(Money(minorUnits: 1_234, currency: .kwd), pricing: pricing).cash
        #expect(cash.cashDiscount == 41)
        #expect(cash.cashDiscountRate == Self.rate("3.333"))
        #expect(cash.tax == 62)
        #expect(cash.total == 1_234 - 41 + 62)
    }

    @Test(arguments: [("3.333", Int64(1_000)), ("3.3333", 1_000), ("0.0001", 0), ("33.3333", 10_000), ("99.9999", 30_000)])
    func ratesAreExactDecimals(rate: String, expected: Int64) throws {
        // 30 000 × 3.333 % = 999.9 → 1000; × 33.3333 % = 9999.99 → 10 000; × 99.9999 % = 29 999.97 → 30 000.
        #expect(try Self.credit(30_000, surcharge: rate).surcharge == expected)
    }

    @Test func aHundredPercentOffLeavesOnlyTheTip() throws {
        let amounts = try AmountCalculator.calculate(
            Money(minorUnits: 5_000, currency: .usd), pricing: PricingSettings(mode: .surcharge, surchargeRate: 3, taxRate: 10),
            options: AmountOptions(percentageOffRate: 100, tipAmount: 200))
        #expect(amounts.all.allSatisfy { $0.total == 200 })
    }

    @Test(arguments: [Int64(0), -1, Money.largestMinorUnits + 1])
    func aBaseOutOfRangeIsRefused(base: Int64) {
        let error = #expect(throws: AmountCalculationError.self) {
            try AmountCalculator.calculate(Money(minorUnits: base, currency: .usd), pricing: PricingSettings())
        }
        #expect(error?.field == "amount")
    }

    @Test(arguments: [
        (AmountOptions(tipAmount: -1), "tipAmount"),
        (AmountOptions(tipAmount: Money.largestMinorUnits + 1), "tipAmount"),
        (AmountOptions(tipAmount: 100, tipRate: 10), "tipRate"),
        (AmountOptions(percentageOffRate: -1), "percentageOffRate"),
        (AmountOptions(percentageOffRate: Decimal(string: "100.01")!), "percentageOffRate"),
        (AmountOptions(surchargeRate: Decimal(string: "3.33333")!), "surchargeRate"),
        (AmountOptions(surchargeRate: 101), "surchargeRate"),
        (AmountOptions(tipRate: Decimal(string: "-0.5")!), "tipRate"),
        (AmountOptions(tipRate: Decimal(string: "0.00001")!), "tipRate"),
    ])
    func badOptionsNameTheirField(options: AmountOptions, field: String) {
        let error = #expect(throws: AmountCalculationError.self) {
            try AmountCalculator.calculate(Money(minorUnits: 1_000, currency: .usd), pricing: PricingSettings(), options: options)
        }
        #expect(error?.field == field)
    }

    @Test func bothTipsIsItsOwnError() {
        #expect(throws: AmountCalculationError.tipAmountAndRate) {
            try AmountCalculator.calculate(
                Money(minorUnits: 1_000, currency: .usd), pricing: PricingSettings(), options: AmountOptions(tipAmount: 1, tipRate: 1))
        }
    }

    @Test func aTotalAboveTheMaximumIsRefused() {
        let error = #expect(throws: AmountCalculationError.self) {
            try Self.credit(Money.largestMinorUnits, surcharge: "1")
        }
        #expect(error?.field == "amount")
    }

    @Test(arguments: ["0", "100", "3.3333", "12.5", "0.0001"])
    func percentagesThatAreAllowed(text: String) {
        #expect(Percentage.problem(with: Self.rate(text), field: "rate") == nil)
    }

    @Test(arguments: ["-0.0001", "100.0001", "3.33333", "1000"])
    func percentagesThatAreNot(text: String) {
        #expect(Percentage.problem(with: Self.rate(text), field: "rate")?.hasPrefix("rate ") == true)
    }
}
