import CardData
import Foundation
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// The payment provider cannot be reached (the acquirer link has no connection up): the Halo
/// routes answer Halo's documented decline, error code 209 with ISO 91, not a bare 500, and
/// nothing is charged or written.
@Suite("Halo routes: the provider cannot be reached")
struct HaloUnreachableTests {
    @Test func aTapIsDeclinedWith209AndISO91AndNothingIsWritten() async throws {
        let processor = SwitchableProcessor()
        let harness = try await GatewayHarness.make(processor: processor)
        try await harness.test { session in
            try await session.activateDevice()
            processor.setReachable(false)
            let reply = try await session.apple(try session.tap(amount: 1_800), reference: "ORDER-91")
            #expect(reply.status == 201, "\(reply.text)")
            HaloRouteTests.expectDocumentedShape(reply)
            let answer = try #require(reply.halo)
            #expect(answer.type == "Declined")
            #expect(answer.errorCode == 209)
            #expect(answer.isoResponseCode == "91")
            #expect(answer.errorMessage.contains("cannot be reached"))
            #expect(answer.haloReference == "", "no payment was made")
            #expect(answer.maskedPAN.hasSuffix("4242"))
            #expect(answer.amount == 1_800 && answer.currency == "USD" && answer.merchantReference == "ORDER-91")
            #expect(answer.authorizationCode == "" && answer.isSingleTapAndPin == false)
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.items.isEmpty)
        }
    }

    @Test func aPINWhoseTryCannotLeaveLeavesThePaymentWaitingForIt() async throws {
        let processor = SwitchableProcessor()
        let harness = try await GatewayHarness.make(processor: processor)
        try await harness.test { session in
            try await session.activateDevice()
            let pan = TestCards.pinRequired.pan
            let first = try #require(try await session.apple(try session.tap(pan: pan)).halo)
            #expect(first.isSingleTapAndPin)
            processor.setReachable(false)
            let reply = try await session.submitPIN(first.haloReference, try session.tap(pan: pan, pin: "1234", pinToken: first.pinToken))
            #expect(reply.status == 201, "\(reply.text)")
            HaloRouteTests.expectDocumentedShape(reply)
            let answer = try #require(reply.halo)
            #expect(answer.type == "Declined" && answer.errorCode == 209 && answer.isoResponseCode == "91")
            #expect(answer.haloReference == first.haloReference)
            #expect(answer.isSingleTapAndPin, "the payment still waits for its PIN")
            let payment = try await session.send(.get, APIPath.transaction(first.haloReference)).decode(TransactionResource.self)
            #expect(payment.status == .pinRequired)
            #expect(payment.pin?.attemptsRemaining == 3, "a try that never left is not counted")

            // Once the provider is back, the PIN goes through.
            processor.setReachable(true)
            let retry = try await session.submitPIN(first.haloReference, try session.tap(pan: pan, pin: "1234", pinToken: first.pinToken))
            #expect(retry.halo?.type == "Approved", "\(retry.text)")
        }
    }

    @Test func aPINForAnUnknownPaymentIsStill404() async throws {
        let processor = SwitchableProcessor()
        let harness = try await GatewayHarness.make(processor: processor)
        try await harness.test { session in
            try await session.activateDevice()
            processor.setReachable(false)
            let reply = try await session.submitPIN("t_unknown", try session.tap(pin: "1234", pinToken: "x"))
            #expect(reply.status == 404, "\(reply.text)")
            #expect(reply.error?.code == "not_found")
        }
    }
}
