import Foundation
import GatewayAPI
import Testing

/// `GET /v1/transactions?referenceId=…`: how the SDK finds a payment whose answer it lost.
@Suite("Transactions: the referenceId filter")
struct TransactionReferenceFilterTests {
    static func body(reference: String, amount: Int64) -> String {
        """
        {"amount":\(amount),"currency":"USD","cardDataSource":"manual","accountNumber":"4242424242424242",\
        "expirationMonth":12,"expirationYear":2030,"securityCode":"123","referenceId":"\(reference)"}
        """
    }

    @Test func onlyTheMerchantsRowsWithThatReferenceAreListed() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.send(.post, APIPath.sale, json: Self.body(reference: "order-7", amount: 700)).status == 201)
            #expect(try await session.send(.post, APIPath.sale, json: Self.body(reference: "order-8", amount: 800)).status == 201)
            let other = try await harness.otherMerchantToken(session.client)
            #expect(try await session.send(.post, APIPath.sale, json: Self.body(reference: "order-7", amount: 900), token: other).status == 201)

            let list = try await session.send(.get, "\(APIPath.transactions)?referenceId=order-7").decode(TransactionList.self)
            #expect(list.total == 1)
            #expect(list.items.map(\.referenceId) == ["order-7"])
            #expect(list.items.map(\.amount) == [700])
            #expect(try await session.send(.get, "\(APIPath.transactions)?referenceId=order-9").decode(TransactionList.self).total == 0)
        }
    }

    /// The inter-app lookups: a short order code is the start of an id, and a payment may be
    /// named by its exact amount.
    @Test func idPrefixAndAmountFindTheMerchantsRowsOnly() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let seven = try await session.send(.post, APIPath.sale, json: Self.body(reference: "a", amount: 700)).decode(TransactionResource.self)
            #expect(try await session.send(.post, APIPath.sale, json: Self.body(reference: "b", amount: 800)).status == 201)
            let other = try await harness.otherMerchantToken(session.client)
            let theirs = try await session.send(.post, APIPath.sale, json: Self.body(reference: "c", amount: 700), token: other)
                .decode(TransactionResource.self)

            let byPrefix = try await session.send(.get, "\(APIPath.transactions)?idPrefix=\(seven.id.prefix(10))").decode(TransactionList.self)
            #expect(byPrefix.items.map(\.id) == [seven.id])
            let notMine = try await session.send(.get, "\(APIPath.transactions)?idPrefix=\(theirs.id.prefix(10))").decode(TransactionList.self)
            #expect(notMine.total == 0)
            let byAmount = try await session.send(.get, "\(APIPath.transactions)?amount=700").decode(TransactionList.self)
            #expect(byAmount.items.map(\.id) == [seven.id])
        }
    }

    @Test(arguments: ["idPrefix=a%25b", "idPrefix=", "stan=12345", "stan=12345a", "amount=0", "amount=-5", "amount=1.5",
                      "amount=100000000000"])
    func aBadLookupValueIsRefused(_ query: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.get, "\(APIPath.transactions)?\(query)")
            #expect(reply.status == 400, "\(query)")
            #expect(reply.error?.field == String(query.prefix { $0 != "=" }), "\(query)")
        }
    }

    @Test func anEmptyReferenceIsRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.get, "\(APIPath.transactions)?referenceId=")
            #expect(reply.status == 400)
            #expect(reply.error?.field == "referenceId")
        }
    }
}
