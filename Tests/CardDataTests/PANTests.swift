import CardData
import Testing

@Suite struct PANTests {
    @Test(arguments: [
        ("4242 4242 4242 4242", "4242424242424242"),
        ("4242-4242-4242-4242", "4242424242424242"),
        (" 3782 822463 10005 ", "378282246310005"),
        ("424242424242", "424242424242"),
        ("4242424242424242424", "4242424242424242424"),
    ])
    func normalizesSpacesAndDashes(_ input: String, _ digits: String) throws {
        #expect(try PAN.normalized(input) == digits)
    }

    @Test(arguments: [
        ("4242.4242.4242.4242", CardDataError.invalidCharacters),
        ("4242424242424a42", .invalidCharacters),
        ("４２４２４２４２４２４２４２４２", .invalidCharacters),
        ("42424242424", .invalidLength(11)),
        ("42424242424242424242", .invalidLength(20)),
        ("", .invalidLength(0)),
    ])
    func rejectsMalformedInput(_ input: String, _ error: CardDataError) {
        #expect(throws: error) { try PAN.normalized(input) }
    }

    @Test func validatedAddsTheLuhnCheck() throws {
        #expect(try PAN.validated("4242 4242 4242 4242") == "4242424242424242")
        #expect(throws: CardDataError.failedLuhnCheck) { try PAN.validated("4242424242424241") }
    }

    @Test(arguments: [
        ("4242424242424242", "424242******4242"),
        ("378282246310005", "378282*****0005"),
        ("424242424242", "424242**4242"),
        ("4242424242424242424", "424242*********2424"),
    ])
    func masksAllButFirstSixAndLastFour(_ pan: String, _ masked: String) {
        #expect(PAN.masked(pan) == masked)
    }

    @Test(arguments: ["4242 4242 4242 4242", "12345", "4242424242424242424242"])
    func masksMalformedInputCompletely(_ input: String) {
        let masked = PAN.masked(input)
        #expect(masked == String(repeating: "*", count: input.count))
    }
}
