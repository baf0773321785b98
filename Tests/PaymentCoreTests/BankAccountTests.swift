import PaymentCore
import Testing

@Suite("Bank accounts: routing numbers and what is kept")
struct BankAccountTests {
    @Test(arguments: ["011000015", "021000021", "121000358", "026009593", "000000000"])
    func aRoutingNumberWithAGoodCheckDigitIsTaken(_ number: String) {
        #expect(RoutingNumber(number)?.digits == number)
    }

    @Test(arguments: ["011000016", "021000012", "12100035", "1210003580", "01100001a", "", "０11000015", "-11000015"])
    func anyOtherIsRefused(_ number: String) {
        #expect(RoutingNumber(number) == nil)
    }

    @Test func everySingleMistypedDigitIsCaught() {
        let good = Array("011000015")
        for index in good.indices {
            for digit in "0123456789" where digit != good[index] {
                var typed = good
                typed[index] = digit
                #expect(RoutingNumber(String(typed)) == nil, "\(String(typed))")
            }
        }
    }

    @Test func onlyTheLastFourDigitsAreKeptOrPrinted() throws {
        let account = BankAccount(
            routingNumber: try #require(RoutingNumber("011000015")), accountNumber: "000123456789", accountType: .checking,
            holderType: .personal, holderName: "Jane Doe", taxId: "123456789")
        let kept = BankAccountDetails(account, accountNumberHash: "h")
        #expect(kept.maskedAccountNumber == "********6789" && kept.maskedTaxId == "*****6789")
        #expect(!"\(account)".contains("000123456789") && "\(account)".contains("6789"))
        #expect(BankAccountDetails.mask("1234") == "****" && BankAccountDetails.mask("") == "")
        #expect(BankAccountHolderType.business.entryClass == "CCD" && BankAccountHolderType.personal.entryClass == "PPD")
        #expect(BankAccountType.allCases.map(\.ariseId) == [1, 2] && BankAccountHolderType.allCases.map(\.ariseId) == [1, 2])
    }
}
