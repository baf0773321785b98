import CardData
import Testing

@Suite struct LuhnTests {
    @Test(arguments: [
        "4242424242424242", "5555555555554444", "378282246310005", "6011111111111117",
        "3530111333300000", "30569309025904", "6200000000000005", "79927398713", "00",
    ])
    func acceptsValidNumbers(_ number: String) {
        #expect(Luhn.isValid(number))
    }

    @Test(arguments: [
        "4242424242424241", "5555555555554445", "378282246310006", "79927398710",
        "1234567812345678", "4242 4242 4242 4242", "42424242424242a2", "", "0", "４２４２",
    ])
    func rejectsInvalidNumbers(_ number: String) {
        #expect(!Luhn.isValid(number))
    }

    @Test func detectsEverySingleDigitTypo() {
        let valid = Array("4242424242424242")
        for index in valid.indices {
            for digit in "0123456789" where digit != valid[index] {
                var typo = valid
                typo[index] = digit
                #expect(!Luhn.isValid(String(typo)), "typo at \(index) -> \(digit)")
            }
        }
    }
}
