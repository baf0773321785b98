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

    @Test func anEmptyReferenceIsRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.get, "\(APIPath.transactions)?referenceId=")
            #expect(reply.status == 400)
            #expect(reply.error?.field == "referenceId")
        }
    }
}
