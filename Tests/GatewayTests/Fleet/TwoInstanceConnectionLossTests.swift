import Foundation
import GatewayAPI
import HTTPTypes
import PaymentCore
import Processing
import Storage
import Testing

/// The connection dies while phase 3 records the processor's answer: the client gets 503,
/// the recovery job (here on the other instance) finishes the operation from the
/// processor's record, and the client's retry with the same key gets the final answer.
@Suite("Two instances: connection lost in phase 3", .serialized, .enabled(if: TwoInstanceFleet.enabled, TwoInstanceFleet.skipped))
struct TwoInstanceConnectionLossTests {
    static let key = HTTPField.Name(APIHeader.idempotencyKey)!
    static let replayed = HTTPField.Name(APIHeader.idempotentReplayed)!

    @Test(arguments: [PhaseThreeFaultStore.Loss.beforeCommit, .afterCommit])
    func theRecoveryJobFinishesTheSaleAndTheRetryGetsTheFinalAnswer(loss: PhaseThreeFaultStore.Loss) async throws {
        let processor = SimulatedProcessor()
        try await TwoInstanceFleet.run(processor: processor, wrap: { name, store in name == "a" ? PhaseThreeFaultStore(store) : store }) { fleet in
            let fault = try #require(fleet.a.store as? PhaseThreeFaultStore)
            try await fleet.test { first, second in
                let body = TestSession.cardBody(amount: 2_750)
                fault.arm(loss)
                let lost = try await first.send(.post, APIPath.sale, json: body, headers: [Self.key: "order-lost"])
                #expect(fault.failures == 1)
                #expect(lost.status == 503, "\(lost.text)")
                #expect(lost.error?.code == "service_unavailable")

                let rows = try await fleet.store.read { [merchantId = fleet.merchantId] in
                    try await $0.transactions(TransactionQuery(merchantId: merchantId)).items
                }
                let row = try #require(rows.first)
                #expect(rows.count == 1)
                #expect(row.status == (loss == .beforeCommit ? .pending : .captured))
                // Until the operation is known to be final, the key is still in progress, on either instance.
                let early = try await second.send(.post, APIPath.sale, json: body, headers: [Self.key: "order-lost"])
                #expect(early.status == 409)
                #expect(early.error?.code == "idempotency_key_in_use")

                fleet.clock.advance(by: fleet.a.configuration.recoveryGrace + 1)
                _ = try await fleet.b.services.recovery.run()

                let finished = try #require(try await fleet.store.transaction(id: row.id, merchantId: fleet.merchantId))
                #expect(finished.status == .captured)
                #expect(finished.capturedAmount == 2_750)
                let events = try await OutboxProbe(store: fleet.store, merchantId: fleet.merchantId).all()
                #expect(events.filter { $0.type == "transaction.captured" }.count == 1)

                for session in [first, second] {
                    let retry = try await session.send(.post, APIPath.sale, json: body, headers: [Self.key: "order-lost"])
                    #expect(retry.status == 201, "\(retry.text)")
                    #expect(retry.headers[Self.replayed] == "true")
                    let answer = try retry.decode(TransactionResource.self)
                    #expect(answer.id == row.id)
                    #expect(answer.status == .captured)
                    #expect(answer.amount == 2_750)
                }
                // One charge in all: one authorization, one approval.
                let authorizations = await processor.calls.filter { $0.operation == .authorize }
                #expect(authorizations.map(\.transactionId) == [row.id])
                #expect(await processor.approvalCount(transactionId: row.id) == 1)
            }
        }
    }

    /// Rows with no parent other than payments (a card verification here) are finished by
    /// the recovery job too, as originals.
    @Test func theRecoveryJobFinishesALostVerification() async throws {
        try await TwoInstanceFleet.run(processor: SimulatedProcessor(), wrap: { name, store in name == "a" ? PhaseThreeFaultStore(store) : store }) { fleet in
            let fault = try #require(fleet.a.store as? PhaseThreeFaultStore)
            try await fleet.test { first, _ in
                fault.arm(.beforeCommit)
                let lost = try await first.send(.post, APIPath.authorization, json: TestSession.cardBody(amount: 0))
                #expect(lost.status == 503, "\(lost.text)")
                let rows = try await fleet.store.read { [merchantId = fleet.merchantId] in
                    try await $0.transactions(TransactionQuery(merchantId: merchantId)).items
                }
                let row = try #require(rows.first)
                #expect(row.type == .cardAuthentication && row.status == .pending)
                fleet.clock.advance(by: fleet.a.configuration.recoveryGrace + 1)
                #expect(try await fleet.b.services.recovery.run() == 1)
                let finished = try #require(try await fleet.store.transaction(id: row.id, merchantId: fleet.merchantId))
                #expect(finished.status == .verified)
            }
        }
    }
}
