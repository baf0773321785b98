import CardData
import Testing

/// Track 2 as a swipe reads it: the card it names, the text for field 35, and never the
/// number in print.
@Suite struct Track2Tests {
    @Test(arguments: [
        ";4242424242424242=30121010000000000000?", "4242424242424242=3012101", "4242424242424242D30121010000000",
    ])
    func aTrackNamesItsCard(_ text: String) throws {
        let track = try Track2(text)
        #expect(track.card.pan == "4242424242424242")
        #expect(track.card.expiryMonth == 12 && track.card.expiryYear == 2030)
        #expect(track.card.securityCode == nil)
        #expect(!track.field35Text.contains(";") && !track.field35Text.contains("?") && track.field35Text.contains("="))
        #expect(!String(describing: track).contains("4242424242424242"))
        #expect(!String(reflecting: track).contains("4242424242424242"))
    }

    @Test(arguments: [
        "", "4242424242424242", "4242424242424242=", "4242424242424242=301", "4242424242424241=3012101",
        "4242424242424242=3013101", "4242424242424242=30=12", "%B4242424242424242^DOE/J^3012101?",
        "4242424242424242=3012" + String(repeating: "0", count: 40), "4242 4242 4242 4242=3012",
    ])
    func anythingElseIsRefused(_ text: String) {
        #expect(throws: (any Error).self) { try Track2(text) }
    }
}
