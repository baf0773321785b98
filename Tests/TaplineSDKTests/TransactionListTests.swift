import Foundation
import GatewayAPI
import PaymentCore
import TaplineSDK
import Testing

@Suite("SDK transaction list against a live gateway")
struct TransactionListTests {
    /// Three sales (10, 30, 20), one authorization (40) and one refund of the first sale.
    private static func seed(_ client: TaplineClient) async throws -> (sales: [String], auth: String, refund: String) {
        var sales: [String] = []
        for (amount, reference) in [(10, "order-a"), (30, "order-b"), (20, "order-c")] {
            sales.append(try await client.submitSaleTransaction(input: TestInput.card(Decimal(amount), referenceId: reference)).transactionId)
        }
        let auth = try await client.submitAuthTransaction(input: TestInput.card(40)).transactionId
        let refund = try await client.refundTransaction(transactionId: sales[0], amount: 1.00, currency: .usd).transactionId
        return (sales, auth, refund)
    }

    @Test func filtersByTypeStatusMethodCreatorBatchAndDates() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let before = Date().addingTimeInterval(-60)
            let seeded = try await Self.seed(client)

            let all = try await client.getTransactions()
            #expect(all.total == 5)
            #expect(all.page == 0)
            #expect(Set(all.items.map(\.id)) == Set(seeded.sales + [seeded.auth, seeded.refund]))

            let sales = try await client.getTransactions(filters: TransactionFilters(type: .sale))
            #expect(Set(sales.items.map(\.id)) == Set(seeded.sales))
            let authorized = try await client.getTransactions(filters: TransactionFilters(status: .authorized))
            #expect(authorized.items.map(\.id) == [seeded.auth])
            #expect(authorized.items.first?.amounts?.authorizedAmount == 40)
            let refunds = try await client.getTransactions(filters: TransactionFilters(type: .refund))
            #expect(refunds.items.first?.parentId == seeded.sales[0])
            #expect(refunds.items.first?.amount == 1)

            let mine = try await client.getTransactions(filters: TransactionFilters(createdById: client.getDeviceId()))
            #expect(mine.total == 4, "the SDK's payments name this device; the refund names the API client")
            let mobile = try await client.getTransactions(filters: TransactionFilters(createMethodId: .mobileApp))
            #expect(mobile.total == 5)
            let tapped = try await client.getTransactions(filters: TransactionFilters(createMethodId: .tapToPay))
            #expect(tapped.total == 0)

            let open = try await client.getTransactions(filters: TransactionFilters(noBatch: true))
            #expect(open.total == 5)
            let batch = try await client.getTransactions(filters: TransactionFilters(batchId: "no-such-batch"))
            #expect(batch.total == 0)

            let now = try await client.getTransactions(filters: TransactionFilters(from: before, to: Date().addingTimeInterval(60)))
            #expect(now.total == 5)
            let earlier = try await client.getTransactions(filters: TransactionFilters(from: before.addingTimeInterval(-3600), to: before))
            #expect(earlier.total == 0)
        }
    }

    @Test func pagesInTheOrderAskedFor() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            _ = try await Self.seed(client)
            let first = try await client.getTransactions(filters: TransactionFilters(
                page: 0, pageSize: 2, orderBy: "totalAmount", asc: true, type: .sale))
            let second = try await client.getTransactions(filters: TransactionFilters(
                page: 1, pageSize: 2, orderBy: "TOTALAMOUNT", asc: true, type: .sale))
            #expect(first.total == 3)
            #expect(first.pageSize == 2)
            #expect(first.items.map(\.amount) == [10, 20])
            #expect(second.page == 1)
            #expect(second.items.map(\.amount) == [30])
            let descending = try await client.getTransactions(filters: TransactionFilters(orderBy: "totalAmount", asc: false, type: .sale))
            #expect(descending.items.map(\.amount) == [30, 20, 10])
            #expect(descending.items.allSatisfy { $0.customerPan == "424242******4242" && $0.currency == .usd })
        }
    }

    @Test
    func filtersByReference() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let seeded = try await Self.seed(client)
            let found = try await client.getTransactions(filters: TransactionFilters(referenceId: "order-b"))
            #expect(found.items.map(\.id) == [seeded.sales[1]])
        }
    }
}
