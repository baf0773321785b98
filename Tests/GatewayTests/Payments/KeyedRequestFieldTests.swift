import Foundation
import GatewayAPI
import PaymentCore
import Processing
import Testing
import TestSupport

/// Every field of `CardTransactionRequest` is applied (an outcome on the payment) or
/// refused with 400 naming it: the checklist of issue 15 part 2 (``KeyedFieldCase/all``).
@Suite("Keyed payments: every request field")
struct KeyedRequestFieldTests {
    @Test(arguments: KeyedFieldCase.all + KeyedFieldCase.refusals)
    func eachFieldIsAppliedOrRefusedByName(_ row: KeyedFieldCase) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            if let settings = row.settings {
                #expect(try await session.send(.patch, APIPath.paymentSettings, json: settings).status == 200)
            }
            let reply = try await session.send(.post, APIPath.sale, json: row.body)
            switch row.outcome {
            case .applied(let shows, let check):
                #expect(reply.status == 201, "\(row.field): \(reply.text)")
                let payment = try reply.decode(TransactionResource.self)
                #expect(check(payment), "\(row.field) should show: \(shows) — \(reply.text)")
                // What the payment shows is what it stored.
                let stored = try await session.send(.get, APIPath.transaction(payment.id)).decode(TransactionResource.self)
                #expect(check(stored), "\(row.field), read back")
            case .refused(let field, _):
                #expect(reply.status == 400, "\(row.field): \(reply.text)")
                #expect(reply.error?.field == field, "\(reply.text)")
                let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
                #expect(list.items.isEmpty, "a refused payment leaves nothing behind")
            }
        }
    }

    /// The table names every field the request type has, so a new field cannot go unchecked.
    @Test func theTableCoversEveryFieldOfTheRequest() {
        let request = CardTransactionRequest(amount: 1, currency: "USD", accountNumber: nil, expirationMonth: nil, expirationYear: nil)
        let fields = Mirror(reflecting: request).children.compactMap(\.label)
        #expect(Set(KeyedFieldCase.all.map(\.field)) == Set(fields))
        #expect(KeyedFieldCase.all.count == 31 && fields.count == 31)
    }

    @Test func aTrackNeverReachesTheStoreNorTheLogs() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let track = "4242424242424242=30121010000000000000"
            let reply = try await session.send(.post, APIPath.sale, json: KeyedFieldCase.all.first { $0.field == "track2" }!.body)
            #expect(reply.status == 201)
            #expect(!reply.text.contains("4242424242424242") && !reply.text.contains("1010000000000000"))
            let id = try reply.decode(TransactionResource.self).id
            let stored = try #require(try await harness.store.read { try await $0.transaction(id: id, merchantId: harness.merchantId) })
            #expect(!String(describing: stored).contains(track.prefix(16)))
            #expect(!harness.logs.all.joined().contains("=3012101"))
        }
    }
}
