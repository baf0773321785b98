import CardData
import Foundation
import GatewayAPI
import HTTPTypes
import Processing
import Storage
import Testing
import TestSupport

/// A crash between the processor's answer and phase 3 leaves the idempotency key in
/// progress; the recovery job finishes it. A Halo or Koard client's retry must then get the
/// answer in its own API's shape, as the route would have given it, not `/v1`'s.
@Suite("Recovery answers each API's retry in that API's shape")
struct RecoveryResponseShapeTests {
    /// A gateway whose next phase 3 write is lost (rolled back): the operation stays pending.
    static func crashingGateway(processor: SimulatedProcessor = SimulatedProcessor()) async throws -> (GatewayHarness, PhaseThreeFaultStore) {
        let store = PhaseThreeFaultStore(MemoryStore())
        return (try await GatewayHarness.make(store: store, processor: processor), store)
    }

    static func recover(_ harness: GatewayHarness) async throws {
        harness.clock.advance(by: harness.configuration.recoveryGrace + 1)
        #expect(try await harness.services.recovery.run() == 1)
    }

    /// A Halo tap sale whose phase 3 is lost (Halo's 500), then recovered: the tap to retry.
    static func crashedHaloSale(_ session: TestSession, _ store: PhaseThreeFaultStore) async throws -> SealedCardData {
        try await session.activateDevice()
        let sealed = try session.tap(amount: 2_500)
        store.arm(.beforeCommit)
        #expect(try await session.apple(sealed).status == 500)
        try await recover(session.harness)
        return sealed
    }

    @Test func aHaloSaleIsRetriedAsAHaloAnswer() async throws {
        let (harness, store) = try await Self.crashingGateway()
        try await harness.test { session in
            let retry = try await session.apple(try await Self.crashedHaloSale(session, store))
            #expect(retry.status == 200, "\(retry.text)")
            let answer = try #require(retry.halo, "\(retry.text)")
            #expect(answer.type == "Approved")
            #expect(answer.amount == 2_500)
            #expect(answer.merchantReference == "INV-12345")
            #expect(await harness.processor.approvalCount(transactionId: answer.haloReference) == 1)
        }
    }

    @Test func aHaloSaleTheProcessorNeverSawIsRetriedAsAHaloDecline() async throws {
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(faults: [.authorize: [.error(.noAnswer)]]))
        let (harness, store) = try await Self.crashingGateway(processor: processor)
        try await harness.test { session in
            let retry = try await session.apple(try await Self.crashedHaloSale(session, store))
            #expect(retry.status == 201, "\(retry.text)")
            #expect(retry.halo?.type == "Declined", "\(retry.text)")
            #expect(retry.error == nil)
        }
    }

    @Test func aKoardPaymentIsRetriedAsAKoardTransaction() async throws {
        let (harness, store) = try await Self.crashingGateway()
        try await harness.test { session in
            try await session.activateDevice()
            let body = TestSession.koardBody(try session.tap(amount: 4_000), amount: 4_000, extra: #","transaction_id":"order-77""#)
            store.arm(.beforeCommit)
            #expect(try await session.koardPost(KoardPath.payment, body).status == 503)
            try await Self.recover(harness)
            let retry = try await session.koardPost(KoardPath.payment, body)
            #expect(retry.status == 201, "\(retry.text)")
            let payment = try retry.koard
            #expect(payment.status == .captured)
            #expect(payment.amount == 4_000)
            #expect(retry.text.contains("\"transaction_id\""), "snake_case, as Koard shows it")
        }
    }

    @Test func aKoardRefundIsRetriedAsAKoardTransaction() async throws {
        let (harness, store) = try await Self.crashingGateway()
        try await harness.test { session in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 5_000)
            let refund = #"{"amount":1200,"event_id":"evt-refund-1"}"#
            store.arm(.beforeCommit)
            #expect(try await session.koard(KoardPath.refund(sale.transactionId), refund).status == 503)
            try await Self.recover(harness)
            let retry = try await session.koard(KoardPath.refund(sale.transactionId), refund)
            #expect(retry.status == 201, "\(retry.text)")
            let payment = try retry.koard
            #expect(payment.transactionId == sale.transactionId)
            #expect(payment.refundedAmount == 1_200)
        }
    }

    @Test func aV1SaleIsStillRetriedAsATransactionResource() async throws {
        let (harness, store) = try await Self.crashingGateway()
        try await harness.test { session in
            store.arm(.beforeCommit)
            let key: HTTPFields = [IdempotencyRouteTests.key: "v1-crash"]
            let body = TestSession.cardBody(amount: 3_000)
            #expect(try await session.send(.post, APIPath.sale, json: body, headers: key).status == 503)
            try await Self.recover(harness)
            let retry = try await session.send(.post, APIPath.sale, json: body, headers: key)
            #expect(retry.status == 201, "\(retry.text)")
            #expect(try retry.decode(TransactionResource.self).status == .captured)
        }
    }
}
