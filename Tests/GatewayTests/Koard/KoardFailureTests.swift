import CardData
import Foundation
import GatewayAPI
import Processing
import Testing
import TestSupport

/// A processor failure on the Koard routes is a Koard `TransactionResponse` whose
/// transaction (or operation) is `failed`, with the processor's code: live, and replayed
/// the same after the recovery job finished a lost one.
@Suite("Koard: a processor failure answers in Koard's shape")
struct KoardFailureTests {
    @Test(arguments: [KoardPath.payment, KoardPath.preauth])
    func aFailedTapIsATransactionWithStatusFailed(_ path: String) async throws {
        let harness = try await GatewayHarness.make(permissions: APIPermission.defaultGrant)
        try await harness.test { session in
            try await session.activateDevice()
            let reply = try await session.koardTap(path, amount: 2_000, pan: TestCards.processorError.pan)
            #expect(reply.status == 201, "\(reply.text)")
            #expect(reply.error == nil)
            let failed = try reply.koard
            #expect(failed.status == .failed && failed.responseCode == "96")
            #expect(reply.text.contains("\"transaction_id\""), "snake_case, as Koard shows it")
        }
    }

    @Test func aFailedFollowUpIsTheOperationFailedOnAnUnchangedPayment() async throws {
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(faults: [.capture: [.error(.noAnswer)]]))
        let harness = try await GatewayHarness.make(processor: processor)
        try await harness.test { session in
            try await session.activateDevice()
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 3_000)
            let reply = try await session.koard(KoardPath.capture(hold.transactionId))
            #expect(reply.status == 201, "\(reply.text)")
            let answer = try reply.koard
            #expect(answer.status == .authorized, "the hold stands")
            #expect(answer.operation?.status == .failed && answer.operation?.type == "capture")
        }
    }

    @Test func aLostFailedPaymentIsReplayedInTheSameShape() async throws {
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(faults: [.authorize: [.error(.noAnswer)]]))
        let (harness, store) = try await RecoveryResponseShapeTests.crashingGateway(processor: processor)
        try await harness.test { session in
            try await session.activateDevice()
            let body = TestSession.koardBody(try session.tap(amount: 4_000), amount: 4_000, extra: #","transaction_id":"order-78""#)
            store.arm(.beforeCommit)
            #expect(try await session.koardPost(KoardPath.payment, body).status == 503)
            try await RecoveryResponseShapeTests.recover(harness)
            let retry = try await session.koardPost(KoardPath.payment, body)
            #expect(retry.status == 201, "\(retry.text)")
            #expect(try retry.koard.status == .failed)
            #expect(retry.error == nil)
        }
    }
}
