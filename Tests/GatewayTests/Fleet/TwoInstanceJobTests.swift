import Foundation
import Gateway
import GatewayAPI
import PaymentCore
import Processing
import Storage
import Testing

/// Every instance runs the background jobs. Expiry, settlement and recovery racing each
/// other on two instances over the same rows must still do each piece of work once: one
/// expiry per hold, one close per slot, one outcome per stuck operation, one event each.
@Suite("Two instances: jobs everywhere at once", .serialized, .enabled(if: TwoInstanceFleet.enabled, TwoInstanceFleet.skipped))
struct TwoInstanceJobTests {
    /// The jobs of both instances, all six at once; how many operations recovery resolved.
    @discardableResult
    static func runAll(_ fleet: TwoInstanceFleet) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for services in [fleet.a.services, fleet.b.services] {
                group.addTask { try await services.recovery.run() }
                group.addTask { _ = try await services.expiry.run(); return 0 }
                group.addTask { _ = try await services.settlement.run(); return 0 }
            }
            return try await group.reduce(0, +)
        }
    }

    /// A daily close 30 minutes from now (UTC) and a one-hour authorization window.
    static func schedule(_ fleet: TwoInstanceFleet) async throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let slot = calendar.dateComponents([.hour, .minute], from: fleet.clock.now().addingTimeInterval(30 * 60))
        try await fleet.store.write { [merchantId = fleet.merchantId] writer in
            var merchant = try #require(try await writer.merchant(id: merchantId))
            merchant.authorizationWindow = 3_600
            merchant.paymentSettings.settlementTimes = [SettlementTime(hours: slot.hour ?? 0, minutes: slot.minute ?? 0, timeZone: "UTC")]
            try await writer.update(merchant)
        }
    }

    @Test func expirySettlementAndRecoveryOnBothInstancesDoEachThingOnce() async throws {
        let processor = SimulatedProcessor()
        try await TwoInstanceFleet.run(processor: processor, wrap: { name, store in name == "a" ? PhaseThreeFaultStore(store) : store }) { fleet in
            let fault = try #require(fleet.a.store as? PhaseThreeFaultStore)
            try await Self.schedule(fleet)
            try await fleet.test { first, second in
                var holds: [String] = []
                var sales: [String] = []
                for index in 0..<6 {
                    let session = index.isMultiple(of: 2) ? first : second
                    holds.append(try await session.pay("authorization", amount: 1_000 + Int64(index)).id)
                    sales.append(try await session.pay("sale", amount: 2_000 + Int64(index)).id)
                }
                // Four sales whose phase 3 died with its connection: approved, still pending here.
                for index in 0..<4 {
                    fault.arm(.beforeCommit)
                    let lost = try await first.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 3_000 + Int64(index)))
                    #expect(lost.status == 503)
                }
                // And one left by a crash before the processor was asked.
                let unseen = Transaction(id: "crashed-before-phase-2", merchantId: fleet.merchantId, type: .sale, status: .pending,
                                         currency: .usd, amount: 999, createdAt: fleet.clock.now())
                try await fleet.store.write { try await $0.insert(unseen) }
                let stuck = try await fleet.store.read { try await $0.pendingTransactions(updatedBefore: .distantFuture) }
                #expect(stuck.count == 5)

                fleet.clock.advance(by: 2 * 3_600)
                #expect(try await Self.runAll(fleet) == 5, "each stuck operation counted by the one instance that resolved it")
                // A second round everywhere finds nothing left to do.
                #expect(try await Self.runAll(fleet) == 0)

                let probe = OutboxProbe(store: fleet.store, merchantId: fleet.merchantId)
                let written = try await probe.all()
                func events(_ type: String, for id: String) throws -> Int {
                    try written.filter { try $0.type == type && probe.payload($0).data.transaction?.id == id }.count
                }
                for id in holds {
                    #expect(try await fleet.store.transaction(id: id, merchantId: fleet.merchantId)?.status == .expired)
                    #expect(try events("transaction.expired", for: id) == 1, "one expiry event for \(id)")
                }
                for row in stuck where row.id != unseen.id {
                    #expect(try await fleet.store.transaction(id: row.id, merchantId: fleet.merchantId)?.status == .captured)
                    #expect(try events("transaction.captured", for: row.id) == 1, "one outcome for \(row.id)")
                }
                #expect(try await fleet.store.transaction(id: unseen.id, merchantId: fleet.merchantId)?.status == .failed)
                #expect(try events("transaction.failed", for: unseen.id) == 1)
                #expect(await processor.calls.filter { $0.operation == .authorize }.count == 6 * 2 + 4, "recovery charged nothing again")

                // One close for the slot: the six sales settled in it, each announced once.
                let batches = try await fleet.store.read { [merchantId = fleet.merchantId] in try await $0.batches(merchantId: merchantId) }
                let closed = batches.filter { !$0.isOpen }
                #expect(closed.count == 1)
                let batch = try #require(closed.first)
                for id in sales {
                    let sale = try await fleet.store.transaction(id: id, merchantId: fleet.merchantId)
                    #expect(sale?.batchId == batch.id)
                    #expect(sale?.settledAt != nil)
                }
                let settledIds = try written.filter { $0.type == "transaction.settled" }.map { try probe.payload($0).data.transaction?.id }
                #expect(Set(sales).isSubset(of: Set(settledIds)))
                #expect(settledIds.count == Set(settledIds).count, "each settlement announced once")
                #expect(batches.filter(\.isOpen).count <= 1, "never two open batches")
            }
        }
    }
}
