import Foundation
import GatewayAPI
import Testing

/// ARISE's eleven `orderBy` values on `GET /v1/transactions`, any case: each one is taken and
/// gives one total order (ascending is descending reversed). Which column each sorts by, with
/// ties and missing values, is held on every store by StoreQueryContractTests.
@Suite("Transactions: ARISE's orderBy values")
struct TransactionOrderTests {
    static let ariseOrders = [
        "date", "totalAmount", "status", "customerPan", "cardTokenType", "id", "paymentMethodType", "operationMode", "customerName",
        "customerCompany", "merchant",
    ]

    static func body(amount: Int64, first: String, pan: String) -> String {
        """
        {"amount":\(amount),"currency":"USD","cardDataSource":"manual","accountNumber":"\(pan)",\
        "expirationMonth":12,"expirationYear":2030,"contactInfo":{"firstName":"\(first)","companyName":"\(first) Ltd"}}
        """
    }

    @Test func everyAriseOrderIsTakenAndIsATotalOrder() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            for (amount, name, pan) in [(700, "Cleo", "4242424242424242"), (300, "Abe", "5555555555554444"), (500, "Bea", "4000056655665556")] {
                #expect(try await session.send(.post, APIPath.sale, json: Self.body(amount: Int64(amount), first: name, pan: pan)).status == 201)
            }
            for order in Self.ariseOrders {
                for spelling in [order, order.uppercased()] {
                    let ascending = try await session.send(.get, "\(APIPath.transactions)?orderBy=\(spelling)&asc=true")
                    let descending = try await session.send(.get, "\(APIPath.transactions)?orderBy=\(spelling)&asc=false")
                    #expect(ascending.status == 200, "\(spelling)")
                    let up = try ascending.decode(TransactionList.self).items.map(\.id)
                    let down = try descending.decode(TransactionList.self).items.map(\.id)
                    #expect(up.count == 3 && up == down.reversed(), "\(spelling)")
                }
            }
            let byAmount = try await session.send(.get, "\(APIPath.transactions)?orderBy=totalAmount&asc=true").decode(TransactionList.self)
            #expect(byAmount.items.map(\.amount) == [300, 500, 700])
            let byName = try await session.send(.get, "\(APIPath.transactions)?orderBy=customerName").decode(TransactionList.self)
            #expect(byName.items.map(\.customerName) == ["Cleo", "Bea", "Abe"])
            let byCompany = try await session.send(.get, "\(APIPath.transactions)?orderBy=customerCompany&asc=true").decode(TransactionList.self)
            #expect(byCompany.items.map(\.contactInfo?.companyName) == ["Abe Ltd", "Bea Ltd", "Cleo Ltd"])
            // A key every row shares orders by the tie-break: newest first, as by date.
            let byMerchant = try await session.send(.get, "\(APIPath.transactions)?orderBy=merchant").decode(TransactionList.self)
            let byDate = try await session.send(.get, "\(APIPath.transactions)?orderBy=date").decode(TransactionList.self)
            #expect(byMerchant.items.map(\.id) == byDate.items.map(\.id))
            let refused = try await session.send(.get, "\(APIPath.transactions)?orderBy=colour")
            #expect(refused.status == 400 && refused.error?.field == "orderBy")
        }
    }
}
