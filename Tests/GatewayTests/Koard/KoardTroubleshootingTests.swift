import Foundation
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// The Koard document's troubleshooting cases, each a clear error: an unknown or another
/// merchant's payment is 404; a move the state does not allow is 409 naming the state in
/// Koard's names; an amount over what is available is 409 naming what is.
@Suite("Koard routes: troubleshooting")
struct KoardTroubleshootingTests {
    @Test func unknownAndOtherMerchantsPaymentsAreNotFound() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 1_000)
            let other = try await harness.otherMerchantToken(session.client)
            for path in [KoardPath.capture("nope"), KoardPath.auth("nope"), KoardPath.adjust("nope"), KoardPath.reverse("nope"), KoardPath.refund("nope")] {
                let body = path.hasSuffix("/auth") ? #"{"amount":100}"# : (path.hasSuffix("/adjust") ? #"{"type":"tip","amount":1}"# : nil)
                let reply = try await session.koard(path, body)
                #expect(reply.status == 404, "\(path): \(reply.text)")
                #expect(reply.error?.code == "not_found")
            }
            let foreign = try await session.send(.post, KoardPath.refund(sale.transactionId), token: other)
            #expect(foreign.status == 404)
            // The payment is untouched.
            let details = try await session.send(.get, APIPath.transaction(sale.transactionId)).decode(TransactionResource.self)
            #expect(details.amounts?.refunded == 0)
        }
    }

    @Test func invalidMovesNameTheStateInKoardsNames() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 1_000)
            let captureSale = try await session.koard(KoardPath.capture(sale.transactionId))
            #expect(captureSale.status == 409)
            #expect(captureSale.error?.code == "invalid_state_transition")
            #expect(captureSale.error?.status == "captured")
            let message = captureSale.error?.message ?? ""
            #expect(message.components(separatedBy: "(Koard state:").count == 2, "the state is said once: \(message)")

            _ = try await session.koard(KoardPath.refund(sale.transactionId)).koard
            let reverseRefunded = try await session.koard(KoardPath.reverse(sale.transactionId))
            #expect(reverseRefunded.status == 409)
            #expect(reverseRefunded.error?.status == "refunded")

            // A reversed hold is "reversed" in Koard's names (canonically "voided").
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 1_000)
            _ = try await session.koard(KoardPath.reverse(hold.transactionId)).koard
            let captureReversed = try await session.koard(KoardPath.capture(hold.transactionId))
            #expect(captureReversed.status == 409)
            #expect(captureReversed.error?.status == "reversed")
            #expect(captureReversed.error?.message.contains("reversed") == true)
            let incrementReversed = try await session.koard(KoardPath.auth(hold.transactionId), #"{"amount":100}"#)
            #expect(incrementReversed.error?.status == "reversed")
        }
    }

    @Test func amountsOverWhatIsAvailableNameTheAvailableAmount() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 2_000)
            let overCapture = try await session.koard(KoardPath.capture(hold.transactionId), #"{"amount":2001}"#)
            #expect(overCapture.status == 409)
            #expect(overCapture.error?.code == "amount_exceeds_available")
            #expect(overCapture.error?.message.contains("available 2000") == true)
            #expect(overCapture.error?.status == "authorized")
            let overReverse = try await session.koard(KoardPath.reverse(hold.transactionId), #"{"amount":2500}"#)
            #expect(overReverse.error?.code == "amount_exceeds_available")
            #expect(overReverse.error?.message.contains("available 2000") == true)

            _ = try await session.koard(KoardPath.capture(hold.transactionId), #"{"amount":1500}"#).koard
            _ = try await session.koard(KoardPath.refund(hold.transactionId), #"{"amount":1000}"#).koard
            let overRefund = try await session.koard(KoardPath.refund(hold.transactionId), #"{"amount":501}"#)
            #expect(overRefund.status == 409)
            #expect(overRefund.error?.code == "amount_exceeds_available")
            #expect(overRefund.error?.message.contains("available 500") == true)
            #expect(overRefund.error?.status == "captured")

            // The canonical route answers the same.
            let canonical = try await session.followUp(hold.transactionId, .refund, json: #"{"amount":501}"#)
            #expect(canonical.status == overRefund.status)
            #expect(canonical.error?.code == overRefund.error?.code)
        }
    }

    @Test func badAmountsAndMissingDeviceAreRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 2_000)
            let zero = try await session.koard(KoardPath.capture(hold.transactionId), #"{"amount":0}"#)
            #expect(zero.status == 400)
            #expect(zero.error?.code == "invalid_amount")
            let noDelta = try await session.koard(KoardPath.auth(hold.transactionId), #"{}"#)
            #expect(noDelta.status == 400)
            #expect(noDelta.error?.field == "amount")
            let sealed = try session.tap(amount: 1_000)
            let noDevice = try await session.send(.post, KoardPath.payment, json: TestSession.koardBody(sealed, amount: 1_000))
            #expect(noDevice.status == 400)
            #expect(noDevice.error?.code == "device_header_missing")
            let mismatch = try await session.koardPost(KoardPath.payment, TestSession.koardBody(sealed, amount: 1_200))
            #expect(mismatch.error?.code == "card_read_mismatch")
            #expect(mismatch.error?.field == "amount")
            let noCard = try await session.koardPost(KoardPath.payment, #"{"amount":1000,"currency":"USD"}"#)
            #expect(noCard.status == 400)
            #expect(noCard.error?.field?.contains("card_data") == true, "\(noCard.text)")
            #expect(noCard.error?.message.contains("_card_data is required") == true, "\(noCard.text)")
            #expect(noCard.error?.message.contains("CardData") == false, "Koard's fields are snake_case: \(noCard.text)")
        }
    }

    @Test func eachRouteAsksForTheCanonicalPermission() async throws {
        let permissions = APIPermission.defaultGrant.filter { $0 != .ecommerceSale && $0 != .ecommerceCapture }
        let harness = try await GatewayHarness.make(permissions: permissions)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardTap(amount: 1_000)
            #expect(sale.status == 403)
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 1_000)
            let capture = try await session.koard(KoardPath.capture(hold.transactionId))
            #expect(capture.status == 403)
            let reverse = try await session.koard(KoardPath.reverse(hold.transactionId))
            #expect(reverse.status == 201)
        }
    }
}
