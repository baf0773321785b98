import Foundation
import GatewayAPI
import PaymentCore
import Processing
import Storage
import Testing

/// Partial refunds of one sale racing through two instances: the payment row lock
/// (`SELECT … FOR UPDATE` in phases 1 and 3) is what keeps refunded ≤ captured, and it must
/// hold across pools, not only inside one process.
@Suite("Two instances: concurrent refunds", .serialized, .enabled(if: TwoInstanceFleet.enabled, TwoInstanceFleet.skipped))
struct TwoInstanceRefundTests {
    @Test func fiftyConcurrentPartialRefundsNeverExceedTheCapturedAmount() async throws {
        let processor = SimulatedProcessor()
        try await TwoInstanceFleet.run(processor: processor) { fleet in
            try await fleet.test { first, second in
                let sale = try await first.pay(amount: 10_000)
                #expect(sale.status == .captured)
                // 50 refunds of 3.00 split across both instances: 33 fit in 100.00, 17 do not.
                let replies = try await withThrowingTaskGroup(of: TestReply.self) { group in
                    for index in 0..<50 {
                        let session = index.isMultiple(of: 2) ? first : second
                        group.addTask { try await session.followUp(sale.id, .refund, json: #"{"amount":300}"#) }
                    }
                    return try await group.reduce(into: [TestReply]()) { $0.append($1) }
                }

                let approved = replies.filter { $0.status == 201 }
                let refused = replies.filter { $0.status != 201 }
                #expect(approved.count == 33)
                #expect(refused.count == 17)
                for reply in refused {
                    #expect(reply.status == 409, "\(reply.text)")
                    #expect(reply.error?.code == "amount_exceeds_available", "\(reply.text)")
                }
                let operations = try approved.map { try $0.decode(FollowUpResponse.self).operation }
                #expect(operations.allSatisfy { $0.status == .approved && $0.amount == 300 })
                #expect(Set(operations.map(\.id)).count == 33)
                #expect(operations.map(\.amount).reduce(0, +) <= 10_000)

                // The database agrees with what the clients were told, whichever instance reads it.
                let payment = try #require(try await fleet.b.store.transaction(id: sale.id, merchantId: fleet.merchantId))
                #expect(payment.capturedAmount == 10_000)
                #expect(payment.refundedAmount == 9_900)
                #expect(payment.pendingRefundAmount == 0)
                #expect(payment.status == .captured)
                let rows = try await fleet.store.read { [merchantId = fleet.merchantId] in
                    try await $0.followUps(of: sale.id, merchantId: merchantId)
                }
                #expect(rows.count == 33, "a refused refund leaves no row")
                #expect(Set(rows.map(\.id)) == Set(operations.map(\.id)))
                #expect(rows.allSatisfy { $0.status == .approved })
                #expect(rows.map(\.amount).reduce(0, +) == 9_900)
                let refundCalls = await processor.calls.filter { $0.operation == .refund }
                #expect(refundCalls.count == 33, "the processor was asked only for the refunds that fit")

                let shown = try await second.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
                #expect(shown.amounts?.refunded == 9_900)
                #expect(shown.amounts?.refundable == 100)
            }
        }
    }
}
