import CardData
import Foundation
import PaymentCore
import Processing
@testable import ProcessingISO8583
import Testing

/// The fields schemes require (docs/iso8583.md, "Merchant and point of service"): 18 the
/// MCC, 43 the merchant's name and place, 60 the POS data.
@Suite struct ISO8583SchemeFieldTests {
    static let located = AcquirerIdentity(
        merchantId: "m_1", cardAcceptorId: "MERCHANT0000001", terminalId: "TERM0001", merchantCategoryCode: "5812",
        location: CardAcceptorLocation(name: "Corner Cafe", city: "Portland", country: "US"))

    private func sent(_ request: AuthorizationRequest) async throws -> ISO8583Message {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        _ = try await ISO8583Requests.processor(transport).authorize(request)
        let sent = try #require(transport.sent.first)
        _ = try ISO8583Codec().encode(sent)
        return sent
    }

    @Test func theMerchantsMCCAndNameAndPlaceGoIn18And43() async throws {
        var request = try ISO8583Requests.keyedSale()
        request.acquirer = Self.located
        let message = try await sent(request)
        #expect(message[field: 18] == "5812")
        #expect(message[field: 43] == .text("Corner Cafe              " + "Portland     " + "US"))
    }

    /// A merchant without an MCC setting sends 5999; without a location, no 43.
    @Test func theDefaultMCCIs5999() async throws {
        let message = try await sent(try ISO8583Requests.keyedSale())
        #expect(message[field: 18] == "5999")
        #expect(message[field: 43] == nil)
    }

    @Test(arguments: [
        // Too long: cut to 25, 13 and 2; a lower-case country is upper-cased.
        (CardAcceptorLocation(name: "The Very Long Merchant Name Incorporated", city: "Llanfairpwllgwyngyll", country: "gb"),
         "The Very Long Merchant Na" + "Llanfairpwllg" + "GB"),
        // Accents fold; what is not printable ASCII becomes a space; a country that is not two letters is left out.
        (CardAcceptorLocation(name: "Café Zoë\t東京", city: "Zürich", country: "CHE"),
         "Cafe Zoe" + String(repeating: " ", count: 17) + "Zurich" + String(repeating: " ", count: 7) + "  "),
        (CardAcceptorLocation(name: "Shop", city: nil, country: nil), "Shop" + String(repeating: " ", count: 36)),
        (CardAcceptorLocation(name: "\u{7F}\r\n", city: "1", country: "1A"), String(repeating: " ", count: 25) + "1" + String(repeating: " ", count: 14)),
    ])
    func field43IsLaidOutAsTheStandardSays(location: CardAcceptorLocation, expected: String) throws {
        let text = ISO8583AcceptorLocation.field43(location)
        #expect(text == expected)
        #expect(text.utf8.count == 40)
        var message = ISO8583Message(mti: .authorizationRequest)
        message.fields[43] = .text(text)
        _ = try ISO8583Codec().encode(message)
    }

    /// 18 and 43 ride on authorization and financial requests (0100, 0200), not on advices
    /// or reversals.
    @Test func followUpsCarry18And43OnlyAs0100And0200() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        let processor = ISO8583Requests.processor(transport)
        func followUp(_ id: String) -> FollowUpProcessorRequest {
            var request = ISO8583Requests.followUp(id, amount: 500, outstanding: 1000)
            request.acquirer = Self.located
            return request
        }
        _ = try await processor.incrementAuthorization(followUp("op_1"))
        _ = try await processor.refund(followUp("op_2"))
        _ = try await processor.capture(followUp("op_3"))
        _ = try await processor.void(followUp("op_4"))
        #expect(transport.sent.map(\.mti) == [.authorizationRequest, .financialRequest, .financialAdvice, .reversalRequest])
        #expect(transport.sent.map { $0[field: 18] } == ["5812", "5812", nil, nil])
        #expect(transport.sent.map { $0[field: 43] != nil } == [true, true, false, false])
        #expect(transport.sent.allSatisfy { $0[field: 60] == nil })
    }

    @Test(arguments: ["599", "59999", "59a9", "", "５９９９"])
    func anMCCThatIsNotFourDigitsIsRefusedBeforeAnythingIsSent(mcc: String) async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        var request = try ISO8583Requests.keyedSale()
        request.acquirer?.merchantCategoryCode = mcc
        await #expect(throws: ProcessorError.unavailable(code: "03", message: "the merchant category code is not four digits")) {
            try await ISO8583Requests.processor(transport).authorize(request)
        }
        #expect(transport.sent.isEmpty)
    }

    /// 60: attended, cardholder present, card present, contactless, PIN, partial approval,
    /// who started it.
    @Test(arguments: [
        (AuthorizationRequest.EntryMode.keyed, AuthorizationRequest.Kind.sale, nil, "0210010"),
        (.keyed, .sale, true, "0210011"),
        (.keyed, .authorization, false, "0210012"),
        (.keyed, .refund, nil, "0210000"),
        (.keyed, .verification, nil, "0210000"),
        (.contactless, .authorization, nil, "0001110"),
        (.contactless, .refund, nil, "0001100"),
        (.swiped, .sale, nil, "0000010"),
        (.fallbackSwipe, .sale, nil, "0000010"),
    ] as [(AuthorizationRequest.EntryMode, AuthorizationRequest.Kind, Bool?, String)])
    func posDataFollowsTheReadAndTheKind(entry: AuthorizationRequest.EntryMode, kind: AuthorizationRequest.Kind, customerInitiated: Bool?,
                                         expected: String) async throws {
        var request = entry == .contactless ? try ISO8583Requests.tap(kind: kind) : try ISO8583Requests.keyedSale(kind: kind)
        request.entryMode = entry
        if entry == .swiped || entry == .fallbackSwipe { request.chip = ChipData(track2: "4242424242424242=30121010000000000000", emv: Data()) }
        request.customerInitiated = customerInitiated
        let message = try await sent(request)
        #expect(message[field: 60] == .text(expected))
    }

    @Test func aSealedTapCarriesTheTapsPOSData() throws {
        let sealed = SealedCard(paymentCardData: "c2VhbGVk", maskedPAN: "520082******8210", brand: .mastercard,
                                binding: ReaderBinding(merchantId: "m_1", deviceId: "d_1"))
        let request = AuthorizationRequest(transactionId: "t", kind: .sale, amount: Money(minorUnits: 100, currency: .usd), card: .sealed(sealed),
                                           entryMode: .contactless, acquirer: ISO8583Requests.acquirer)
        let builder = ISO8583RequestBuilder(acquiringInstitutionId: nil, encipherPIN: { _, _ in [] })
        let message = try builder.original(request, acquirer: ISO8583Requests.acquirer,
                                           stamp: ISO8583Stamp(stan: "000001", at: ISO8583Requests.now))
        #expect(message[field: 60] == "0001110")
        #expect(message[field: 18] == "5999")
    }
}
