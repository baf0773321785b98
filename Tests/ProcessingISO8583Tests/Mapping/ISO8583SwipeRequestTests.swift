import CardData
import Foundation
import PaymentCore
import Processing
@testable import ProcessingISO8583
import Testing

/// A swiped card (the keyed route's `cardDataSource` "swipe") goes to the acquirer as track 2
/// in field 35 with its entry mode, and the link answers no AVS result.
@Suite struct ISO8583SwipeRequestTests {
    @Test(arguments: [(AuthorizationRequest.EntryMode.swiped, "902"), (.fallbackSwipe, "802")])
    func aSwipeSendsTrack2AndItsEntryMode(_ mode: AuthorizationRequest.EntryMode, entry: String) async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        let track = try Track2(";4242424242424242=30121010000000000000?")
        var request = AuthorizationRequest(
            transactionId: "s", kind: .sale, amount: Money(minorUnits: 1234, currency: .usd), card: track.card, entryMode: mode,
            chip: ChipData(track2: track.field35Text, emv: Data()), acquirer: ISO8583Requests.acquirer)
        request.billingAddress = PostalAddress(postalCode: "00000")
        let response = try await ISO8583Requests.processor(transport).authorize(request)
        let sent = try #require(transport.sent.first)
        #expect(sent[field: 2] == nil && sent[field: 14] == nil && sent[field: 55] == nil)
        #expect(sent[field: 35] == "4242424242424242=30121010000000000000")
        #expect(sent[field: 22] == .text(entry))
        #expect(sent[field: 25] == "00")
        #expect(response.avs == nil, "the link carries no address: the gateway records unavailable")
        _ = try ISO8583Codec().encode(sent)
    }
}
