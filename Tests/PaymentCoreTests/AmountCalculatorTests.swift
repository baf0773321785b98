import Foundation
import PaymentCore
import Testing

/// Every Zero Cost Processing mode, tender by tender, with exact numbers.
@Suite("Amount calculator: modes and tenders")
struct AmountCalculatorTests {
    static func usd(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .usd) }
    static func rate(_ text: String) -> Decimal { Decimal(string: text)! }

    @Test func noZeroCostChargesEveryTenderTheSame() throws {
        let options = AmountOptions(percentageOffRate: 5, tipAmount: 1_000)
        let pricing = PricingSettings(mode: .noZeroCost, surchargeRate: 3, cashDiscountRate: 4, taxRate: Self.rate("8.25"))
        let amounts = try AmountCalculator.calculate(Self.usd(10_000), pricing: pricing, options: options)
        // 5 % off 100.00 = 5.00; tax 8.25 % of 95.00 = 7.8375 → 7.84; tip 10.00.
        let expected = AmountBreakdown(
            base: 10_000, percentageOff: 500, percentageOffRate: 5, tip: 1_000, tax: 784, taxRate: Self.rate("8.25"))
        #expect(amounts.all == [expected, expected, expected, expected])
        #expect(expected.total == 11_284)
    }

    @Test func surchargeIsForCreditCardsOnly() throws {
        let pricing = PricingSettings(mode: .surcharge, surchargeRate: 3)
        let amounts = try AmountCalculator.calculate(Self.usd(10_000), pricing: pricing)
        #expect(amounts.creditCard == AmountBreakdown(base: 10_000, surcharge: 300, surchargeRate: 3))
        #expect(amounts.creditCard.total == 10_300)
        for tender in [amounts.debitCard, amounts.cash, amounts.ach] {
            #expect(tender == AmountBreakdown(base: 10_000))
        }
    }

    @Test func theRequestsSurchargeRateReplacesTheMerchants() throws {
        let pricing = PricingSettings(mode: .surcharge, surchargeRate: 3)
        let amounts = try AmountCalculator.calculate(Self.usd(10_000), pricing: pricing, options: AmountOptions(surchargeRate: Self.rate("3.5")))
        #expect(amounts.creditCard.surcharge == 350)
        #expect(amounts.creditCard.surchargeRate == Self.rate("3.5"))
        #expect(amounts.debitCard.surcharge == 0)
    }

    @Test func surchargeWithoutAnyRateIsZero() throws {
        let amounts = try AmountCalculator.calculate(Self.usd(10_000), pricing: PricingSettings(mode: .surcharge))
        #expect(amounts.all.allSatisfy { $0.total == 10_000 })
    }

    @Test func cashDiscountIsForCashAndACH() throws {
        let pricing = PricingSettings(mode: .cashDiscount, cashDiscountRate: 4)
        // A request's surchargeRate has no say in cash discount mode.
        let amounts = try AmountCalculator.calculate(Self.usd(10_000), pricing: pricing, options: AmountOptions(surchargeRate: 9))
        for tender in [amounts.cash, amounts.ach] {
            #expect(tender == AmountBreakdown(base: 10_000, cashDiscount: 400, cashDiscountRate: 4))
            #expect(tender.total == 9_600)
        }
        for tender in [amounts.creditCard, amounts.debitCard] {
            #expect(tender == AmountBreakdown(base: 10_000))
        }
    }

    @Test func dualPricingFromTheCashPriceSurchargesBothCards() throws {
        let pricing = PricingSettings(mode: .dualPricing, dualPricingRate: 4)
        for useCardPrice in [false, nil] {
            let amounts = try AmountCalculator.calculate(Self.usd(10_000), pricing: pricing, options: AmountOptions(useCardPrice: useCardPrice))
            for card in [amounts.creditCard, amounts.debitCard] {
                #expect(card == AmountBreakdown(base: 10_000, surcharge: 400, surchargeRate: 4))
            }
            #expect(amounts.cash == AmountBreakdown(base: 10_000))
            #expect(amounts.ach == AmountBreakdown(base: 10_000))
        }
    }

    @Test func dualPricingFromTheCardPriceDiscountsCashBackToTheCashPrice() throws {
        let pricing = PricingSettings(mode: .dualPricing, dualPricingRate: 4)
        let amounts = try AmountCalculator.calculate(Self.usd(10_000), pricing: pricing, options: AmountOptions(useCardPrice: true))
        // 100.00 × 4 / 104 = 3.846… → 3.85: cash pays 96.15, which is 100.00 / 1.04 rounded.
        for tender in [amounts.cash, amounts.ach] {
            #expect(tender == AmountBreakdown(base: 10_000, cashDiscount: 385, cashDiscountRate: 4))
            #expect(tender.total == 9_615)
        }
        #expect(amounts.creditCard == AmountBreakdown(base: 10_000))
        #expect(amounts.debitCard == AmountBreakdown(base: 10_000))
    }

    /// The ARISE example: 100.00, 5 % off, surcharge 3 %, tip 10.00, card price.
    @Test func theARISEExampleInDualPricing() throws {
        let options = AmountOptions(percentageOffRate: 5, surchargeRate: 3, tipAmount: 1_000, useCardPrice: true)
        let pricing = PricingSettings(mode: .dualPricing, dualPricingRate: 4)
        let amounts = try AmountCalculator.calculate(Self.usd(10_000), pricing: pricing, options: options)
        // Discounted 95.00; cash discount 95.00 × 3 / 103 = 2.766… → 2.77.
        #expect(amounts.cash == AmountBreakdown(
            base: 10_000, percentageOff: 500, percentageOffRate: 5, cashDiscount: 277, cashDiscountRate: 3, tip: 1_000))
        #expect(amounts.cash.total == 10_223)
        #expect(amounts.creditCard.total == 10_500)
    }

    @Test func aTipRateIsOnTheDiscountedAmountAndTheSameForEveryTender() throws {
        let pricing = PricingSettings(mode: .surcharge, surchargeRate: 3)
        let amounts = try AmountCalculator.calculate(Self.usd(10_000), pricing: pricing, options: AmountOptions(percentageOffRate: 10, tipRate: 18))
        // 18 % of 90.00 = 16.20, whatever the tender pays on top.
        for tender in amounts.all {
            #expect(tender.tip == 1_620)
            #expect(tender.tipRate == 18)
        }
        #expect(amounts.creditCard.surcharge == 270)
        #expect(amounts.creditCard.total == 10_000 - 1_000 + 270 + 1_620)
    }

    @Test func aFixedTipReportsNoTipRate() throws {
        let amounts = try AmountCalculator.calculate(Self.usd(10_000), pricing: PricingSettings(), options: AmountOptions(tipAmount: 0))
        #expect(amounts.cash.tip == 0)
        #expect(amounts.cash.tipRate == 0)
    }

    @Test func everyTotalIsTheSumOfItsParts() throws {
        let options = AmountOptions(percentageOffRate: Self.rate("7.5"), tipRate: 15, useCardPrice: true)
        for mode in ZeroCostProcessingMode.allCases {
            let pricing = PricingSettings(mode: mode, surchargeRate: Self.rate("2.9"), cashDiscountRate: Self.rate("3.25"),
                                          dualPricingRate: Self.rate("3.999"), taxRate: Self.rate("6.625"))
            for tender in try AmountCalculator.calculate(Self.usd(12_345), pricing: pricing, options: options).all {
                let parts = tender.base - tender.percentageOff - tender.cashDiscount + tender.surcharge + tender.tip + tender.tax
                #expect(tender.total == parts, "\(mode)")
            }
        }
    }
}
