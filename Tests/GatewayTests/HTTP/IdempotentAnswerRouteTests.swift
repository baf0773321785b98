import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import NIOCore
import PaymentCore
import Storage
import Testing
import TestSupport

/// On a payment route, phase 3 keeps the route's answer as the key's in its own write
/// (``IdempotentAnswer``). What it keeps must be exactly what the route sent, so a retry
/// replays the same bytes, on every payment route and in each API's shape.
@Suite("The answer a payment's phase 3 keeps under its key")
struct IdempotentAnswerRouteTests {
    static let key = HTTPField.Name(APIHeader.idempotencyKey)!
    static let replayed = HTTPField.Name(APIHeader.idempotentReplayed)!

    static func kept(_ key: String, _ harness: GatewayHarness) async throws -> IdempotencyRecord? {
        try await harness.store.read { try await $0.idempotencyRecord(merchantId: harness.merchantId, key: key) }
    }

    @Test func aSaleAndItsCaptureKeepTheBytesTheyAnswered() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.send(.post, APIPath.authorization, json: TestSession.cardBody(amount: 2_500), headers: [Self.key: "hold-1"])
            #expect(sale.status == 201, "\(sale.text)")
            let payment = try sale.decode(TransactionResource.self)
            let keptSale = try #require(try await Self.kept("hold-1", harness))
            #expect(keptSale.state == .completed && keptSale.responseStatus == 201 && keptSale.transactionId == payment.id)
            #expect(keptSale.responseBody == sale.body)

            let capture = try await session.send(.post, APIPath.followUp(payment.id, .capture), headers: [Self.key: "capture-1"])
            #expect(capture.status == 201, "\(capture.text)")
            let operation = try capture.decode(FollowUpResponse.self).operation
            let keptCapture = try #require(try await Self.kept("capture-1", harness))
            #expect(keptCapture.state == .completed && keptCapture.transactionId == operation.id)
            #expect(keptCapture.responseBody == capture.body)

            let again = try await session.send(.post, APIPath.followUp(payment.id, .capture), headers: [Self.key: "capture-1"])
            #expect(again.headers[Self.replayed] == "true" && again.body == capture.body)
        }
    }

    @Test func aHaloTapKeepsItsAnswerUnderTheKeyItsBodyMakes() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sealed = try session.tap(amount: 1_800)
            let reply = try await session.apple(sealed, reference: "ORDER-18")
            #expect(reply.status == 200 && reply.halo?.type == "Approved", "\(reply.text)")
            let body = TestTapReader.appleBody(sealed, merchantReference: "ORDER-18")
            let derived = "halo:" + IdempotencyGuard.requestHash(method: "POST", path: APIPath.appleTransaction, body: ByteBuffer(string: body))
            let kept = try #require(try await Self.kept(derived, harness))
            #expect(kept.state == .completed && kept.responseStatus == 200 && kept.responseFormat == "halo")
            #expect(kept.transactionId == reply.halo?.haloReference)
            #expect(kept.responseBody == reply.body)
            let again = try await session.apple(sealed, reference: "ORDER-18")
            #expect(again.headers[Self.replayed] == "true" && again.body == reply.body)
        }
    }

    /// A Halo tap the provider cannot take makes no payment, so no phase 1 makes its key: the
    /// guard keeps the decline under it, and the same tap sent again gets it back.
    @Test func aHaloDeclineThatMadeNoPaymentIsReplayed() async throws {
        let processor = SwitchableProcessor()
        let harness = try await GatewayHarness.make(processor: processor)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            processor.setReachable(false)
            let sealed = try session.tap(amount: 1_800)
            let first = try await session.apple(sealed, reference: "ORDER-91")
            #expect(first.halo?.errorCode == 209 && first.halo?.haloReference == "", "\(first.text)")
            let again = try await session.apple(sealed, reference: "ORDER-91")
            #expect(again.headers[Self.replayed] == "true" && again.body == first.body)
        }
    }
}
