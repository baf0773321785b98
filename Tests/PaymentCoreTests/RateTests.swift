import Foundation
import PaymentCore
import Testing

/// A rate carries its unit in how it is made and read, never in its number.
@Suite("Rate")
struct RateTests {
    private static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    @Test(arguments: [("8.75", "0.0875"), ("3", "0.03"), ("0", "0"), ("100", "1"), ("12.3456", "0.123456"), ("0.0001", "0.000001")])
    func percentAndFractionAreTheSameRateExactly(_ percent: String, _ fraction: String) {
        let byPercent = Rate.percent(Self.decimal(percent))
        let byFraction = Rate.fraction(Self.decimal(fraction))
        #expect(byPercent == byFraction)
        #expect(byPercent.hashValue == byFraction.hashValue)
        #expect(byPercent.fraction == Self.decimal(fraction))
        #expect(byFraction.percent == Self.decimal(percent))
        #expect(Rate.percent(byFraction.percent) == byFraction)
    }

    @Test func aThirdKeepsItsDigitsAndIsRefusedNotRounded() {
        let third = Decimal(1) / Decimal(3)  // 0.333…, 38 digits
        let rate = Rate.percent(third)
        // Only the decimal point moves: no digit is added or dropped in either direction.
        #expect(rate.percent == third)
        #expect(rate.fraction * 100 == third)
        #expect(rate.problem == .tooPrecise)
        #expect(Rate.percent(Self.decimal("33.3333")).problem == nil)
        #expect(Rate.percent(Self.decimal("33.33333")).problem == .tooPrecise)
    }

    @Test func trailingZerosMakeNoOtherRate() {
        #expect(Rate.fraction(Self.decimal("0.08750")) == Rate.fraction(Self.decimal("0.0875")))
        #expect(Set([Rate.percent(Self.decimal("8.750")), .percent(Self.decimal("8.75"))]).count == 1)
    }

    @Test func ratesOrderAndPrintWithTheirUnit() {
        #expect(Rate.percent(3) < Rate.fraction(Self.decimal("0.0875")))
        #expect(Rate.fraction(Self.decimal("0.0875")).description == "8.75 %")
        #expect(Rate.percent(3).description == "3 %")
    }

    @Test(arguments: [("-0.01", Rate.Problem.outOfRange), ("100.0001", .outOfRange), ("3.33335", .tooPrecise)])
    func limitsAreFrom0To100PercentInSteps0f0_0001Percent(_ percent: String, _ problem: Rate.Problem) {
        #expect(Rate.percent(Self.decimal(percent)).problem == problem)
    }

    @Test func codedWithItsUnitNamedNotAsABareNumber() throws {
        let json = try JSONEncoder().encode(Rate.percent(Self.decimal("8.75")))
        #expect(String(decoding: json, as: UTF8.self) == #"{"percent":"8.75"}"#)
        #expect(try JSONDecoder().decode(Rate.self, from: json) == .fraction(Self.decimal("0.0875")))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Rate.self, from: Data("0.0875".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Rate.self, from: Data(#"{"percent":"8.75%"}"#.utf8)) }
    }
}

extension RateTests {
    @Test func aLiteralIsTheDecimalItSpells() {
        // 12.3456 as a Decimal literal goes through Double and is 12.345599999999997952.
        #expect(Rate.percent(12.3456).percent == Self.decimal("12.3456"))
        #expect(Rate.percent(12.3456).problem == nil)
        #expect(Rate.fraction(0.0875) == .percent(Self.decimal("8.75")))
        #expect(Rate.fraction(0.000001).fraction == Self.decimal("0.000001"))
        #expect(Rate.percent(3) == .fraction(Self.decimal("0.03")))
        #expect(Rate.percent(Double.nan).problem == .outOfRange)
        #expect(Rate.percent(Double.infinity).problem == .outOfRange)
    }
}
