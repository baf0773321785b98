import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import PaymentCore
import Storage
import Testing
import TestSupport

/// A crash cuts a request after the processor was asked; the gateway restarts. The restarted
/// instance knows the old one is dead (its heartbeat stopped), so it finishes the cut
/// operation at once, and the client's retry gets the final answer within seconds, not
/// after a fixed grace. A live instance's request is never finished under it before its
/// deadline.
@Suite("Recovery after a restart")
struct RecoveryAfterRestartTests {
    static let key: HTTPFields = [HTTPField.Name(APIHeader.idempotencyKey)!: "order-restart-1"]

    /// The gateway as it starts again on the same database, `seconds` after the crash: a new
    /// instance, beating every 2 s as `tapline serve` does.
    static func restart(_ harness: GatewayHarness, after seconds: TimeInterval) -> GatewayServices {
        harness.clock.advance(by: seconds)
        var configuration = harness.configuration
        configuration.heartbeatInterval = .seconds(2)
        return GatewayServices(configuration: configuration, dependencies: harness.dependencies)
    }

    @Test func aRestartFinishesACutSaleAtOnceAndTheRetryGetsIt() async throws {
        let store = PhaseThreeFaultStore(MemoryStore())
        let harness = try await GatewayHarness.make(store: store)
        try await harness.test { session in
            store.arm(.beforeCommit)
            let cut = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 2_100), headers: Self.key)
            #expect(cut.status == 503, "\(cut.text)")
            #expect(try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 2_100), headers: Self.key).status == 409)

            // The instance that took the request is still alive: its request is its own until its deadline.
            harness.clock.advance(by: 7)
            #expect(try await harness.services.recovery.run() == 0)

            // It died (no heartbeat for 6 s); a new one starts and finishes the sale at once.
            let restarted = Self.restart(harness, after: 0)
            #expect(harness.configuration.recoveryGrace > 7, "well before the deadline")
            #expect(try await restarted.recovery.run() == 1)
            let retry = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 2_100), headers: Self.key)
            #expect(retry.status == 201, "\(retry.text)")
            let sale = try retry.decode(TransactionResource.self)
            #expect(sale.status == .captured, "the simulator approved it before the crash")
            #expect(await harness.processor.approvalCount(transactionId: sale.id) == 1)
        }
    }

    @Test func anInstanceStillBeatingKeepsItsRequestUntilItsDeadline() async throws {
        let store = PhaseThreeFaultStore(MemoryStore())
        let harness = try await GatewayHarness.make(store: store)
        try await harness.test { session in
            store.arm(.beforeCommit)
            #expect(try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 2_200)).status == 503)
            // Another instance starts while the first still beats (its heartbeat is fresh).
            let other = Self.restart(harness, after: 1)
            try await harness.store.write { [instance = harness.services.instance, now = harness.clock.now()] writer in
                try await writer.recordHeartbeat(GatewayInstance(id: instance.id, startedAt: instance.startedAt, seenAt: now))
            }
            #expect(try await other.recovery.run() == 0, "the first instance may still be waiting for the processor")
            harness.clock.advance(by: harness.configuration.recoveryGrace)
            #expect(try await other.recovery.run() == 1, "its deadline passed: whoever it was, it is over")
        }
    }

    @Test func aKeyWithNothingStartedIsFreedOnceItsInstanceIsDead() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            // A key claimed by a request that died before writing its operation.
            let record = IdempotencyRecord(
                merchantId: harness.merchantId, key: "order-restart-2", requestHash: "h", state: .inProgress, createdAt: harness.clock.now())
            try await harness.store.write { try await $0.insert(record) }
            harness.clock.advance(by: 7)
            _ = try await harness.services.recovery.run()
            #expect(try await harness.store.read { try await $0.idempotencyRecord(merchantId: harness.merchantId, key: "order-restart-2") } != nil,
                    "its request may still be opening card data")
            _ = try await Self.restart(harness, after: 0).recovery.run()
            #expect(try await harness.store.read { try await $0.idempotencyRecord(merchantId: harness.merchantId, key: "order-restart-2") } == nil)
        }
    }

    @Test func aPINTryCutByACrashIsFinishedAndItsRetryGetsTheHaloAnswer() async throws {
        let store = PhaseThreeFaultStore(MemoryStore())
        let harness = try await GatewayHarness.make(store: store)
        try await harness.test { session in
            try await session.activateDevice()
            let pan = TestCards.pinRequired.pan
            let first = try #require(try await session.apple(try session.tap(pan: pan)).halo)
            let pin = try session.tap(pan: pan, pin: "1234", pinToken: first.pinToken)
            store.arm(.beforeCommit)
            let cut = try await session.submitPIN(first.haloReference, pin)
            #expect(cut.status >= 500, "\(cut.text)")
            #expect(try await harness.store.read { try await $0.transaction(id: first.haloReference, merchantId: harness.merchantId) }?.status == .pending)

            #expect(try await Self.restart(harness, after: 7).recovery.run() == 1)
            // The same body again (Halo's retry, under the key derived from it) gets the answer.
            let retry = try await session.submitPIN(first.haloReference, pin)
            #expect(retry.status == 201, "\(retry.text)")
            #expect(retry.halo?.type == "Approved", "\(retry.text)")
            #expect(retry.halo?.haloReference == first.haloReference)
            let payment = try await session.send(.get, APIPath.transaction(first.haloReference)).decode(TransactionResource.self)
            #expect(payment.status == .captured)
            #expect(await harness.processor.approvalCount(transactionId: first.haloReference) == 1)
        }
    }
}
