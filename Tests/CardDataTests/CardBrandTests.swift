import CardData
import Testing

@Suite struct CardBrandTests {
    @Test(arguments: [
        ("4242424242424242", CardBrand.visa),
        ("4000056655665556", .visa),
        ("5105105105105100", .mastercard),
        ("5555555555554444", .mastercard),
        ("2221000000000009", .mastercard),
        ("2223003122003222", .mastercard),
        ("2720990000000000", .mastercard),
        ("378282246310005", .amex),
        ("340000000000009", .amex),
        ("6011111111111117", .discover),
        ("6445644564456445", .discover),
        ("6500000000000002", .discover),
        ("3530111333300000", .jcb),
        ("3589000000000000", .jcb),
        ("6200000000000005", .unionpay),
        ("30569309025904", .diners),
        ("3095000000000000", .diners),
        ("36227206271667", .diners),
        ("38520000023237", .diners),
        ("5018000000000009", .maestro),
        ("6759649826438453", .maestro),
        ("6304000000000000", .maestro),
        ("5600000000000000", .maestro),
        ("1234567890123456", .unknown),
        ("9999999999999999", .unknown),
    ])
    func detectsBrandFromBIN(_ pan: String, _ brand: CardBrand) {
        #expect(CardBrand(bin: pan) == brand)
    }

    /// Mastercard's 2-series is 222100–272099: one BIN either side of it is something else.
    @Test(arguments: [
        ("222099", CardBrand.unknown),
        ("222100", .mastercard),
        ("272099", .mastercard),
        ("272100", .unknown),
    ])
    func mastercardTwoSeriesBounds(_ bin: String, _ brand: CardBrand) {
        #expect(CardBrand(bin: bin) == brand)
        #expect(CardBrand(bin: bin + "0000000000") == brand)
    }

    @Test func shortPrefixOnlyMatchesRangesItCanDecide() {
        #expect(CardBrand(bin: "4") == .visa)
        #expect(CardBrand(bin: "2221") == .unknown)
        #expect(CardBrand(bin: "") == .unknown)
        #expect(CardBrand(bin: "4242-4242") == .unknown)
    }

    @Test func rawValuesAreLowerCaseNames() {
        #expect(CardBrand.allCases.map(\.rawValue) == [
            "visa", "mastercard", "amex", "discover", "jcb", "unionpay", "diners", "maestro", "unknown",
        ])
        #expect(CardBrand.amex.displayName == "American Express")
        #expect("\(CardBrand.visa)" == "visa")
    }
}
