import CardData
import Foundation
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// The Koard document's lifecycle flows, route by route.
@Suite("Koard routes: payment flows")
struct KoardPaymentFlowTests {
    /// The document's example: 2500 + 219 tax + 500 tip + 75 surcharge = 3294.
    static let breakdownJSON =
        #"{"subtotal":2500,"tax_rate":0.0875,"tax_amount":219,"tip_amount":500,"tip_type":"fixed","surcharge_amount":75,"surcharge_rate":0.03}"#
    static let breakdown = #","breakdown":"# + breakdownJSON

    @Test func saleThenRefund() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 3_294, extra: Self.breakdown + #","transaction_id":"order-1""#)
            #expect(sale.status == .captured)
            #expect(sale.amount == 3_294)
            #expect(sale.capturedAmount == 3_294)
            #expect(sale.tipAmount == 500)
            #expect(sale.referenceId == "order-1")
            #expect(sale.card == KoardCard(maskedPan: "424242******4242", brand: "visa"))
            #expect(sale.breakdown?.taxRate == Decimal(string: "0.0875"))
            #expect(sale.breakdown?.surchargeRate == Decimal(string: "0.03"))
            #expect(sale.responseCode == "00")

            let partial = try await session.koard(KoardPath.refund(sale.transactionId), #"{"amount":1000}"#)
            #expect(partial.status == 201, "\(partial.text)")
            let afterPartial = try partial.koard
            #expect(afterPartial.status == .captured)
            #expect(afterPartial.refundedAmount == 1_000)
            #expect(afterPartial.operation?.type == "refund")
            #expect(afterPartial.operation?.status == .refunded)
            #expect(afterPartial.operation?.amount == 1_000)

            let rest = try await session.koard(KoardPath.refund(sale.transactionId)).koard
            #expect(rest.status == .refunded)
            #expect(rest.refundedAmount == 3_294)
        }
    }

    @Test func preauthIncrementCaptureWithBreakdownThenRefund() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 2_000)
            #expect(hold.status == .authorized)
            #expect(hold.authorizedAmount == 2_000)
            #expect(hold.breakdown == nil)

            let raised = try await session.koard(KoardPath.auth(hold.transactionId), #"{"amount":1294}"#)
            #expect(raised.status == 201, "\(raised.text)")
            let afterRaise = try raised.koard
            #expect(afterRaise.status == .authorized)
            #expect(afterRaise.authorizedAmount == 3_294)
            #expect(afterRaise.operation?.type == "auth")
            #expect(afterRaise.operation?.status == .authorized)

            let captured = try await session.koard(KoardPath.capture(hold.transactionId), #"{"breakdown":\#(Self.breakdownJSON)}"#)
            #expect(captured.status == 201, "\(captured.text)")
            let afterCapture = try captured.koard
            #expect(afterCapture.status == .captured)
            #expect(afterCapture.capturedAmount == 3_294)
            #expect(afterCapture.tipAmount == 500)
            #expect(afterCapture.breakdown?.subtotal == 2_500)
            #expect(afterCapture.operation?.type == "capture")
            #expect(afterCapture.operation?.status == .captured)

            // The canonical API shows the same breakdown, in camelCase and /v1's percentages.
            let details = try await session.send(.get, APIPath.transaction(hold.transactionId)).decode(TransactionResource.self)
            #expect(details.breakdown == BreakdownRequest(
                subtotal: 2_500, taxRate: Decimal(string: "8.75"), taxAmount: 219, tipAmount: 500, tipType: "fixed", surchargeAmount: 75,
                surchargeRate: 3))
            #expect(details.operations?.first { $0.type == .capture }?.breakdown?.tipAmount == 500)

            let refunded = try await session.koard(KoardPath.refund(hold.transactionId), #"{"amount":3294}"#).koard
            #expect(refunded.status == .refunded)
        }
    }

    @Test func preauthThenReverse() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 5_000)
            let partly = try await session.koard(KoardPath.reverse(hold.transactionId), #"{"amount":1500}"#).koard
            #expect(partly.status == .authorized)
            #expect(partly.authorizedAmount == 3_500)
            #expect(partly.operation?.status == .reversed)
            let reversed = try await session.koard(KoardPath.reverse(hold.transactionId))
            #expect(reversed.status == 201, "\(reversed.text)")
            #expect(try reversed.koard.status == .reversed)
            #expect(try reversed.koard.operation?.type == "reverse")
        }
    }

    @Test func reversingACapturedSaleCancelsIt() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 1_200)
            let cancelled = try await session.koard(KoardPath.reverse(sale.transactionId)).koard
            #expect(cancelled.status == .cancelled)
            #expect(cancelled.operation?.status == .cancelled)
        }
    }

    @Test func aDeclinedIncrementKeepsTheLastAuthorizedAmount() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let card = TestCards.amountDriven.pan
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 10_000, pan: card)
            #expect(hold.status == .authorized)
            let raised = try await session.koard(KoardPath.auth(hold.transactionId), #"{"amount":2000}"#).koard
            #expect(raised.authorizedAmount == 12_000)
            // A delta ending in 51: insufficient funds.
            let declined = try await session.koard(KoardPath.auth(hold.transactionId), #"{"amount":3051}"#)
            #expect(declined.status == 201, "\(declined.text)")
            let afterDecline = try declined.koard
            #expect(afterDecline.status == .authorized)
            #expect(afterDecline.authorizedAmount == 12_000)
            #expect(afterDecline.operation?.status == .declined)
            #expect(afterDecline.operation?.responseCode == "51")
            // Capturing the last approved amount works; more than it does not.
            let over = try await session.koard(KoardPath.capture(hold.transactionId), #"{"amount":15051}"#)
            #expect(over.status == 409)
            let captured = try await session.koard(KoardPath.capture(hold.transactionId)).koard
            #expect(captured.capturedAmount == 12_000)
        }
    }

    @Test func aDeclinedTapIsADeclinedPayment() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let declined = try await session.koardPayment(amount: 1_000, pan: TestCards.doNotHonour.pan)
            #expect(declined.status == .declined)
            #expect(declined.responseCode == "05")
        }
    }
}
