import CardData
import Testing

@Suite struct KeyedCardTests {
    private static let pan = "4242424242424242"
    private static let cvv = "987"

    private static func card() throws -> KeyedCard {
        try KeyedCard(pan: "4242 4242 4242 4242", expiryMonth: 12, expiryYear: 30, securityCode: cvv)
    }

    @Test func normalisesAndDerives() throws {
        let card = try Self.card()
        #expect(card.pan == Self.pan)
        #expect(card.expiryMonth == 12)
        #expect(card.expiryYear == 2030)
        #expect(card.securityCode == Self.cvv)
        #expect(card.maskedPAN == "424242******4242")
        #expect(card.brand == .visa)
        #expect(card.lastFour == "4242")
    }

    @Test func refusesInvalidCards() {
        #expect(throws: CardDataError.failedLuhnCheck) {
            try KeyedCard(pan: "4242424242424241", expiryMonth: 1, expiryYear: 2030)
        }
        #expect(throws: CardDataError.invalidExpiryMonth(13)) {
            try KeyedCard(pan: Self.pan, expiryMonth: 13, expiryYear: 2030)
        }
        #expect(throws: CardDataError.invalidExpiryYear(300)) {
            try KeyedCard(pan: Self.pan, expiryMonth: 1, expiryYear: 300)
        }
        for code in ["12", "12345", "12a", ""] {
            #expect(throws: CardDataError.invalidSecurityCode) {
                try KeyedCard(pan: Self.pan, expiryMonth: 1, expiryYear: 2030, securityCode: code)
            }
        }
    }

    @Test func securityCodeIsOptional() throws {
        let card = try KeyedCard(pan: "378282246310005", expiryMonth: 1, expiryYear: 2030)
        #expect(card.securityCode == nil)
        #expect(card.brand == .amex)
    }

    @Test func noPrintedFormShowsThePANOrSecurityCode() throws {
        let card = try Self.card()
        var dumped = ""
        dump(card, to: &dumped)
        var dumpedInArray = ""
        dump([card], to: &dumpedInArray)
        let renderings = [
            "\(card)", String(describing: card), String(reflecting: card), card.description,
            card.debugDescription, dumped, dumpedInArray, "\([card])", "\(Optional(card) as Any)",
            String(describing: Mirror(reflecting: card).children.map { "\($0.label ?? ""): \($0.value)" }),
        ]
        for text in renderings {
            #expect(!text.contains(Self.pan), "leaks the PAN: \(text)")
            #expect(!text.contains(Self.cvv), "leaks the security code: \(text)")
        }
        #expect("\(card)".contains("424242******4242"))
        #expect(dumped.contains("424242******4242"))
    }

    @Test func pinNeverPrintsItsDigits() throws {
        let pin = try PIN("5731")
        var dumped = ""
        dump(pin, to: &dumped)
        for text in ["\(pin)", String(reflecting: pin), dumped] {
            #expect(!text.contains("5731"), "leaks the PIN: \(text)")
        }
        #expect(pin.digits == "5731")
    }

    @Test(arguments: ["123", "1234567890123", "12a4", ""])
    func refusesMalformedPIN(_ digits: String) {
        #expect(throws: CardDataError.invalidPIN) { try PIN(digits) }
    }
}
