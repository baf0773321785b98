import CardData
@testable import Gateway
import PaymentCore
import Testing

/// Which link a new payment goes to: the first rule it meets, else its merchant's link, else
/// the default.
struct AcquirerRoutingRulesTests {
    private static func facts(_ pan: String, merchant: String = "m_1", currency: Currency = .usd) throws -> RouteFacts {
        let card = try KeyedCard(pan: pan, expiryMonth: 12, expiryYear: 2030)
        return RouteFacts(merchantId: merchant, card: .clear(card), currency: currency)
    }

    static let routing = AcquirerRouting(
        defaultLink: "north", assignments: ["m_2": "west"],
        routes: [
            AcquirerRoute(link: "south", brands: [.amex]),
            AcquirerRoute(link: "east", bins: [BINRange("510000-539999")!], currencies: [.eur]),
            AcquirerRoute(link: "east", brands: [.visa], merchants: ["m_3"]),
        ])

    @Test func theFirstRuleThatMatchesWinsThenTheAssignmentThenTheDefault() throws {
        #expect(Self.routing.link(for: try Self.facts("378282246310005", merchant: "m_2")) == "south")
        #expect(Self.routing.link(for: try Self.facts("5200828282828210", currency: .eur)) == "east")
        // Every condition of a rule must hold: the right BIN in another currency is not enough.
        #expect(Self.routing.link(for: try Self.facts("5200828282828210")) == "north")
        #expect(Self.routing.link(for: try Self.facts("5555555555554444", currency: .eur)) == "north")
        #expect(Self.routing.link(for: try Self.facts("4242424242424242", merchant: "m_3")) == "east")
        #expect(Self.routing.link(for: try Self.facts("4242424242424242", merchant: "m_2")) == "west")
        #expect(Self.routing.link(for: try Self.facts("4242424242424242")) == "north")
    }

    @Test func aBINRangeComparesTheCardsFirstDigits() throws {
        let range = try #require(BINRange("510000-539999"))
        #expect(range.contains(prefix: "51000000") && range.contains(prefix: "53999912") && range.contains(prefix: "520082"))
        #expect(!range.contains(prefix: "54000000") && !range.contains(prefix: "50999999") && !range.contains(prefix: "5100"))
        #expect(BINRange("4")?.contains(prefix: "42424242") == true)
        #expect(BINRange("4")?.description == "4" && range.description == "510000-539999")
        for bad in ["", "-", "5-", "51-5", "59-51", "123456789", "4a", "1-2-3", "٤"] { #expect(BINRange(bad) == nil, "\(bad)") }
    }

    @Test func aBINRuleNeverMatchesCardDataTheGatewayCannotRead() {
        let sealed = PaymentCard.sealed(SealedCard(
            paymentCardData: "sealed", maskedPAN: "520082******8210", brand: .mastercard, binding: ReaderBinding(merchantId: "m_1", deviceId: "d_1")))
        let facts = RouteFacts(merchantId: "m_1", card: sealed, currency: .eur)
        #expect(facts.binPrefix == nil)
        #expect(Self.routing.link(for: facts) == "north")
    }
}
