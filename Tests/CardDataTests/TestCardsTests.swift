import CardData
import Testing

@Suite struct TestCardsTests {
    @Test(arguments: TestCards.all)
    func everyCardIsAValidNumberOfItsBrand(_ card: TestCard) throws {
        #expect(try PAN.validated(card.pan) == card.pan)
        #expect(CardBrand(bin: card.pan) == card.brand)
        #expect(!card.summary.isEmpty)
    }

    @Test func tableMatchesTheDesign() {
        #expect(TestCards.all.count == 11)
        #expect(Set(TestCards.all.map(\.pan)).count == TestCards.all.count)
        #expect(TestCards.behaviour(pan: "4242424242424242") == .approve)
        #expect(TestCards.behaviour(pan: "4000000000000002") == .decline(responseCode: "05"))
        #expect(TestCards.behaviour(pan: "4000000000009995") == .decline(responseCode: "51"))
        #expect(TestCards.behaviour(pan: "4000000000000069") == .decline(responseCode: "54"))
        #expect(TestCards.behaviour(pan: "5200828282828210")
            == .pinRequired(responseCode: "65", correctPIN: "1234", wrongPINResponseCode: "55"))
        #expect(TestCards.behaviour(pan: "4000000000000119") == .processorError(responseCode: "96"))
        #expect(TestCards.behaviour(pan: "4000000000000259") == .noAnswer)
        #expect(TestCards.behaviour(pan: "4000000000000077") == .amountDriven)
        #expect(TestCards.behaviour(pan: "4000000000001976") == .disputed(reasonCode: "10.4", reason: "Other fraud: card-absent environment"))
    }

    @Test func unlistedCardsApprove() {
        #expect(TestCards.card(pan: "6011111111111117") == nil)
        #expect(TestCards.behaviour(pan: "6011111111111117") == .approve)
    }

    @Test func formatsPANsAsPrinted() {
        #expect(TestCards.visaApproved.formattedPAN == "4242 4242 4242 4242")
        #expect(TestCards.amexApproved.formattedPAN == "3782 822463 10005")
    }
}
