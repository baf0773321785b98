import Foundation
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// A capture may take the customer's tip on top of the hold, up to 20 % of it, when its
/// breakdown says the excess is a tip; on both APIs.
@Suite("Tip overcapture")
struct TipOvercaptureTests {
    @Test(arguments: [
        (Int64(10_000), Int64(2_500), Int64(2_000)), (10_000, 500, 500), (10_000, 0, 0), (2_794, 600, 558), (1, 1, 0),
    ])
    func theAllowanceIsTheTipUpToAFifthOfTheHold(authorized: Int64, tip: Int64, allowance: Int64) {
        #expect(PaymentLifecycle.tipOvercapture(authorized: authorized, tip: tip) == allowance)
    }

    @Test func aKoardPreauthIsCapturedWithTheTipOnTop() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            // The bill: 2500 + 219 tax + 75 surcharge = 2794 held; the tip of 500 comes at capture.
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 2_794)
            let capture = try await session.koard(KoardPath.capture(hold.transactionId), #"{"breakdown":\#(KoardPaymentFlowTests.breakdownJSON)}"#)
            #expect(capture.status == 201, "\(capture.text)")
            let captured = try capture.koard
            #expect(captured.status == .captured)
            #expect(captured.capturedAmount == 3_294)
            #expect(captured.authorizedAmount == 2_794)
            #expect(captured.tipAmount == 500)

            let refund = try await session.koard(KoardPath.refund(hold.transactionId)).koard
            #expect(refund.refundedAmount == 3_294, "all that was captured, tip included, can go back")
        }
    }

    @Test func withoutATipOrBeyondAFifthTheHoldIsTheLimit() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let hold = try await session.pay("authorization", amount: 2_000)
            let noTip = try await session.followUp(hold.id, .capture, json: #"{"amount":2100}"#)
            #expect(noTip.status == 409)
            #expect(noTip.error?.code == "amount_exceeds_available")
            // A tip of 600 on 2000: only 400 (a fifth) may go on top.
            let tooMuch = try await session.followUp(hold.id, .capture,
                json: #"{"breakdown":{"subtotal":2000,"tipAmount":600}}"#)
            #expect(tooMuch.status == 409)
            #expect(tooMuch.error?.message.contains("2400") == true, "\(tooMuch.text)")
            let fifth = try await session.followUp(hold.id, .capture, json: #"{"breakdown":{"subtotal":2000,"tipAmount":400}}"#)
            #expect(fifth.status == 201, "\(fifth.text)")
            let payment = try fifth.decode(FollowUpResponse.self).payment
            #expect(payment.status == .captured)
            #expect(payment.amounts?.captured == 2_400)
            #expect(payment.amounts?.tip == 400)
        }
    }
}
