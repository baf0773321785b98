import Foundation
@testable import PaymentCore
import Testing

@Suite("Money and currencies")
struct MoneyTests {
    @Test(arguments: [("USD", 2, 840), ("EUR", 2, 978), ("GBP", 2, 826), ("ZAR", 2, 710), ("JPY", 0, 392), ("KWD", 3, 414)])
    func currencyTable(code: String, exponent: Int, numeric: Int) throws {
        let currency = try #require(Currency(code: code))
        #expect(currency.exponent == exponent)
        #expect(currency.numericCode == numeric)
        #expect(Currency(numericCode: numeric) == currency)
        #expect(Currency(code: code.lowercased()) == currency)
    }

    @Test func unknownCurrencyIsNil() {
        #expect(Currency(code: "XYZ") == nil)
        #expect(Currency(code: "") == nil)
    }

    @Test(arguments: [
        ("12.34", Currency.usd, Int64(1234)), ("0.01", .usd, 1), ("1500", .jpy, 1500), ("1.234", .kwd, 1234),
        ("1.5", .usd, 150), ("1", .usd, 100), ("0", .usd, 0),
    ])
    func exactDecimalConversion(text: String, currency: Currency, minor: Int64) throws {
        #expect(try Money(parsing: text, currency: currency).minorUnits == minor)
        #expect(try Money(decimal: Decimal(string: text)!, currency: currency).minorUnits == minor)
    }

    @Test(arguments: [("12.345", Currency.usd), ("1.5", .jpy), ("0.0001", .kwd)])
    func moreFractionDigitsThanTheCurrencyAllowsIsRefused(text: String, currency: Currency) {
        #expect(throws: MoneyError.tooManyFractionDigits(currency: currency)) {
            try Money(parsing: text, currency: currency)
        }
    }

    @Test(arguments: ["", "abc", "1,5", "1e3", "--1"])
    func notANumber(text: String) {
        #expect(throws: MoneyError.self) { try Money(parsing: text, currency: .usd) }
    }

    @Test(arguments: [(Int64(1234), Currency.usd, "12.34"), (5, .usd, "0.05"), (-5, .usd, "-0.05"), (1500, .jpy, "1500"), (1, .kwd, "0.001")])
    func formatting(minor: Int64, currency: Currency, text: String) {
        let money = Money(minorUnits: minor, currency: currency)
        #expect(money.formattedAmount == text)
        #expect(money.decimalValue == Decimal(string: text))
    }

    @Test func arithmeticChecksCurrencyAndOverflow() throws {
        let a = Money(minorUnits: 100, currency: .usd)
        #expect(try a.adding(Money(minorUnits: 50, currency: .usd)).minorUnits == 150)
        #expect(try a.subtracting(Money(minorUnits: 150, currency: .usd)).minorUnits == -50)
        #expect(throws: MoneyError.currencyMismatch(.usd, .eur)) { try a.adding(Money(minorUnits: 1, currency: .eur)) }
        #expect(throws: MoneyError.overflow) { try Money(minorUnits: .max, currency: .usd).adding(a) }
    }

    @Test(arguments: [
        (Int64(1000), "0.15", Int64(150)), (333, "0.15", 50), (1, "0.5", 1), (3, "0.5", 2), (10_001, "0.0875", 875),
        (999, "0.18", 180), (0, "0.2", 0),
    ])
    func rateRoundsHalfUp(minor: Int64, rate: String, expected: Int64) throws {
        #expect(try Money(minorUnits: minor, currency: .usd).applying(rate: Decimal(string: rate)!).minorUnits == expected)
    }

    @Test(arguments: [
        (Int64(3), "20", "120", Int64(1)), (1_503, "20", "120", 251), (10_000, "4", "104", 385), (4, "60", "160", 2), (149, "1", "100", 1),
    ])
    func ratioMultipliesBeforeDividingSoAnExactHalfRoundsUp(minor: Int64, rate: String, per: String, expected: Int64) throws {
        let money = Money(minorUnits: minor, currency: .usd)
        #expect(try money.applying(rate: Decimal(string: rate)!, per: Decimal(string: per)!).minorUnits == expected)
    }

    /// Whole rates take an integer path: it must give what Decimal arithmetic gives, rounding
    /// included, for every sign and size (a fixed seed, so a failure can be replayed).
    @Test func wholeRatesInIntegersMatchDecimalArithmetic() throws {
        var random = SeededGenerator(seed: 28)
        let amounts: [Int64] = [0, 1, 5, 49, 50, 99, 100, 101, 12_345, -12_345, 99_999_999_999, -99_999_999_999, Int64.max / 3]
        let ratios: [(Int64, Int64)] = [(18, 100), (15, 100), (20, 100), (1, 2), (3, 8), (25, 1), (7, 3), (999_999_999, 999_999_998), (0, 7)]
        var cases = amounts.flatMap { amount in ratios.map { (amount, $0.0, $0.1) } }
        for _ in 0..<2_000 {
            cases.append((Int64.random(in: -10_000_000_000...10_000_000_000, using: &random),
                          Int64.random(in: 0...1_000, using: &random), Int64.random(in: 1...1_000, using: &random)))
        }
        for (amount, rate, per) in cases {
            let money = Money(minorUnits: amount, currency: .usd)
            #expect(Money.wholeRatio(Decimal(rate), Decimal(per)) != nil)
            let inDecimal = Result { () throws(MoneyError) in try money.applyingInDecimal(rate: Decimal(rate), per: Decimal(per)) }
            let inIntegers = Result { () throws(MoneyError) in try money.applying(rate: Decimal(rate), per: Decimal(per)) }
            #expect(inIntegers == inDecimal, "\(amount) × \(rate) / \(per)")
        }
        // Fractions and huge rates keep to Decimal.
        #expect(Money.wholeRatio(Decimal(string: "0.18")!, 1) == nil)
        #expect(Money.wholeRatio(Decimal(string: "18.5")!, 100) == nil)
        #expect(Money.wholeRatio(Decimal(1_000_000_000), 100) == nil)
    }

    @Test func breakdownTotalIsTheSumOfItsParts() {
        let breakdown = AmountBreakdown(base: 2_500, percentageOff: 60, cashDiscount: 40, surcharge: 75, tip: 500, tax: 219)
        #expect(breakdown.discount == 100)
        #expect(breakdown.total == 3_194)
    }

    @Test(arguments: [(Int64.max, "2"), (Int64.min, "2"), (Int64.max / 2 + 1, "2"), (1, "NaN")])
    func aRateThatLeavesInt64IsAnErrorNotAWrongAmount(minor: Int64, rate: String) {
        let money = Money(minorUnits: minor, currency: .usd)
        #expect(throws: MoneyError.overflow) { try money.applying(rate: Decimal(string: rate) ?? .nan) }
    }

    @Test func aZeroDenominatorIsAnError() {
        #expect(throws: MoneyError.overflow) { try Money(minorUnits: 5, currency: .usd).applying(rate: 1, per: 0) }
    }

    @Test func sumsAndDifferencesOutsideInt64AreErrors() {
        let top = Money(minorUnits: .max, currency: .usd), bottom = Money(minorUnits: .min, currency: .usd)
        #expect(throws: MoneyError.overflow) { try top.adding(Money(minorUnits: 1, currency: .usd)) }
        #expect(throws: MoneyError.overflow) { try bottom.subtracting(Money(minorUnits: 1, currency: .usd)) }
    }

    @Test func theLargestAmountIsElevenDigitsInEveryCurrency() {
        for currency in Currency.all {
            #expect(currency.largestAmount.minorUnits == 99_999_999_999)
        }
        #expect(Currency.usd.largestAmount.formattedAmount == "999999999.99")
        #expect(Currency.jpy.largestAmount.formattedAmount == "99999999999")
        #expect(Currency.kwd.largestAmount.formattedAmount == "99999999.999")
        #expect(Money.isWithinLimit(0) && Money.isWithinLimit(99_999_999_999))
        #expect(!Money.isWithinLimit(-1) && !Money.isWithinLimit(100_000_000_000) && !Money.isWithinLimit(.min))
    }
}

/// SplitMix64: random values a seed replays.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
