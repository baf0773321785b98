import CardData
import Foundation
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// Single tap and PIN through `POST /transactions/{id}/submitPinApple`.
@Suite("Halo routes: single tap and PIN")
struct HaloPINTests {
    let softDecline = TestCards.pinRequired.pan

    /// A soft-declined tap; returns the payment id and the PIN token.
    func softDeclined(_ session: TestSession, device: String = TestSession.deviceId) async throws -> (String, String) {
        let reply = try await session.apple(try session.tap(pan: softDecline), device: device)
        let answer = try #require(reply.halo)
        #expect(answer.isSingleTapAndPin)
        return (answer.haloReference, answer.pinToken)
    }

    @Test func theRightPINApproves() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let (id, token) = try await softDeclined(session)
            let reply = try await session.submitPIN(id, try session.tap(pan: softDecline, pin: "1234", pinToken: token))
            #expect(reply.status == 201, "\(reply.text)")
            HaloRouteTests.expectDocumentedShape(reply)
            let answer = try #require(reply.halo)
            #expect(answer.type == "Approved")
            #expect(answer.errorCode == 0)
            #expect(answer.isoResponseCode == "00")
            #expect(answer.isSingleTapAndPin == false)
            #expect(answer.haloReference == id)
            let payment = try await session.send(.get, APIPath.transaction(id)).decode(TransactionResource.self)
            #expect(payment.status == .captured)
            #expect(payment.amounts?.captured == 10_000)
        }
    }

    @Test func aWrongPINIsInvalidPINDataAndTheLastOneDeclinesForGood() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let (id, token) = try await softDeclined(session)
            for left in [2, 1] {
                let wrong = try await session.submitPIN(id, try session.tap(pan: softDecline, pin: "9999", pinToken: token))
                #expect(wrong.status == 201)
                let answer = try #require(wrong.halo)
                #expect(answer.type == "Declined")
                #expect(answer.errorCode == 211)
                #expect(answer.isoResponseCode == "55")
                #expect(answer.errorMessage.hasPrefix("Invalid PIN data"))
                #expect(answer.isSingleTapAndPin == true)
                #expect(answer.pinToken == token)
                let payment = try await session.send(.get, APIPath.transaction(id)).decode(TransactionResource.self)
                #expect(payment.pin?.attemptsRemaining == left)
            }
            let last = try await session.submitPIN(id, try session.tap(pan: softDecline, pin: "0000", pinToken: token))
            #expect(last.halo?.errorCode == 211)
            #expect(last.halo?.isoResponseCode == "75")
            #expect(last.halo?.isSingleTapAndPin == false)
            let payment = try await session.send(.get, APIPath.transaction(id)).decode(TransactionResource.self)
            #expect(payment.status == .declined)
            // Even the right PIN is too late now.
            let late = try await session.submitPIN(id, try session.tap(pan: softDecline, pin: "1234", pinToken: token))
            #expect(late.status == 409)
            #expect(late.error?.code == "transaction_not_awaiting_pin")
            #expect(await harness.processor.approvalCount(transactionId: id) == 0)
        }
    }

    @Test func afterThePINWindowThePaymentIsDeclined() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let (id, token) = try await softDeclined(session)
            harness.clock.advance(by: harness.configuration.pinWindow)
            let late = try await session.submitPIN(id, try session.tap(pan: softDecline, pin: "1234", pinToken: token))
            #expect(late.status == 409)
            #expect(late.error?.code == "pin_window_expired")
            let payment = try await session.send(.get, APIPath.transaction(id)).decode(TransactionResource.self)
            #expect(payment.status == .declined)
        }
    }

    @Test func theExpiryJobDeclinesAnUnansweredPIN() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let (id, _) = try await softDeclined(session)
            #expect(try await harness.services.expiry.run() == 0)
            harness.clock.advance(by: harness.configuration.pinWindow + 1)
            #expect(try await harness.services.expiry.run() == 1)
            let payment = try await session.send(.get, APIPath.transaction(id)).decode(TransactionResource.self)
            #expect(payment.status == .declined)
            #expect(payment.pin?.pinToken == "")
        }
    }

    @Test func aPINForAPaymentNotWaitingForOneIs409() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let approved = try #require(try await session.apple(try session.tap()).halo)
            let reply = try await session.submitPIN(approved.haloReference, try session.tap(pin: "1234", pinToken: "whatever"))
            #expect(reply.status == 409)
            #expect(reply.error?.code == "transaction_not_awaiting_pin")
            #expect(reply.error?.status == "captured")
        }
    }

    @Test func onlyTheDeviceThatTappedMaySendThePIN() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let other = "5c0ffee0-0000-4000-8000-000000000002"
            try await session.activateDevice(other)
            let (id, token) = try await softDeclined(session)
            // Read on the other device, under its own reader token: the binding holds, the PIN rule refuses.
            let read = try session.reader(for: other).tap(pan: softDecline, readAt: harness.clock.now(), pin: "1234", pinToken: token)
            let reply = try await session.submitPIN(id, read, device: other)
            #expect(reply.status == 403)
            #expect(reply.error?.code == "pin_not_permitted")
        }
    }

    @Test func aPINPayloadMustCarryTheTokenTheBlockAndTheSameCard() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let (id, token) = try await softDeclined(session)
            let noPIN = try await session.submitPIN(id, try session.tap(pan: softDecline, pinToken: token))
            #expect(noPIN.error?.code == "pin_block_missing")
            let badToken = try await session.submitPIN(id, try session.tap(pan: softDecline, pin: "1234", pinToken: "0123"))
            #expect(badToken.error?.code == "invalid_pin_token")
            let otherCard = try await session.submitPIN(id, try session.tap(pan: TestCards.mastercardApproved.pan, pin: "1234", pinToken: token))
            #expect(otherCard.error?.code == "card_mismatch")
            for reply in [noPIN, badToken, otherCard] { #expect(reply.status == 400) }
            // None of them used a try.
            let payment = try await session.send(.get, APIPath.transaction(id)).decode(TransactionResource.self)
            #expect(payment.status == .pinRequired)
            #expect(payment.pin?.attemptsRemaining == 3)
        }
    }

    @Test func twoPINsAtOnceOneIsRefusedAsInProgress() async throws {
        let processor = GatedProcessor()
        let harness = try await GatewayHarness.make(processor: processor, configuration: .holdingTheProcessor)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            async let first = session.apple(try session.tap(pan: softDecline))
            var entered = processor.entered.makeAsyncIterator()
            _ = await entered.next()
            processor.open()
            let answer = try #require(try await first.halo)
            async let pin = session.submitPIN(answer.haloReference, try session.tap(pan: softDecline, pin: "1234", pinToken: answer.pinToken))
            _ = await entered.next()
            let second = try await session.submitPIN(answer.haloReference, try session.tap(pan: softDecline, pin: "1234", pinToken: answer.pinToken))
            #expect(second.status == 409)
            #expect(second.error?.code == "pin_attempt_in_progress")
            processor.open()
            #expect(try await pin.halo?.type == "Approved")
        }
    }
}
