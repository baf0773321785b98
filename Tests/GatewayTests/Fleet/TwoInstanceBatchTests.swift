import Foundation
import Gateway
import GatewayAPI
import PaymentCore
import Storage
import Testing

/// The merchant's open batch with two instances writing to it: captures join one open
/// batch, and a slot's close happens once however many instances run the settlement job.
///
/// The store makes this hold: a close locks the open batch (`lockOpenBatch`, `FOR UPDATE`),
/// payments joining it share it (`FOR SHARE`), and a unique index allows one open batch per
/// merchant, the loser of a race joining the winner's.
@Suite("Two instances: the open batch", .serialized, .enabled(if: TwoInstanceFleet.enabled, TwoInstanceFleet.skipped))
struct TwoInstanceBatchTests {

    /// Day after day, both instances' settlement jobs run at the same moment after the slot.
    @Test func bothSettlementJobsRacingCloseEachSlotOnce() async throws {
        try await TwoInstanceFleet.run { fleet in
            try await TwoInstanceJobTests.schedule(fleet)
            try await fleet.test { first, second in
                for day in 0..<8 {
                    // A day later the morning's access token has expired: a new one each day.
                    let session = day.isMultiple(of: 2) ? first : second
                    let token = try await TestSession.token(session.client, clientId: fleet.a.clientId, secret: fleet.a.clientSecret)
                    let sale = try await TestSession(client: session.client, token: token, harness: session.harness).pay(amount: 500 + Int64(day))
                    fleet.clock.advance(by: 24 * 3_600)
                    async let onA = fleet.a.services.settlement.run()
                    async let onB = fleet.b.services.settlement.run()
                    let closed = try await onA + onB
                    let probe = OutboxProbe(store: fleet.store, merchantId: fleet.merchantId)
                    let settled = try await probe.all().filter {
                        try $0.type == "transaction.settled" && probe.payload($0).data.transaction?.id == sale.id
                    }
                    #expect(!closed.isEmpty, "day \(day): the slot's batch was closed")
                    #expect(closed.allSatisfy { $0.transactionCount == 1 })
                    #expect(closed.count == 1, "day \(day): one close, not \(closed.count)")
                    #expect(settled.count == 1, "day \(day): \(settled.count) settled events")
                }
            }
        }
    }

    /// The merchant's first captures, racing on both instances, all join one open batch.
    @Test func firstCapturesRacingOnBothInstancesOpenOneBatch() async throws {
        try await TwoInstanceFleet.run { fleet in
            try await fleet.test { first, second in
                let sales = try await withThrowingTaskGroup(of: TransactionResource.self) { group in
                    for index in 0..<16 {
                        let session = index.isMultiple(of: 2) ? first : second
                        group.addTask { try await session.pay(amount: 100 + Int64(index)) }
                    }
                    return try await group.reduce(into: [TransactionResource]()) { $0.append($1) }
                }
                #expect(sales.allSatisfy { $0.status == .captured && $0.batchId != nil })
                let batches = try await fleet.store.read { [merchantId = fleet.merchantId] in try await $0.batches(merchantId: merchantId) }
                #expect(batches.allSatisfy { $0.isOpen })
                #expect(batches.count == 1, "\(batches.count) open batches")
                #expect(Set(sales.compactMap(\.batchId)).count == 1)
            }
        }
    }
}
