import Foundation
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// `POST /v1/payments/{id}/adjust`: the tip as an amount or as a fraction of the subtotal.
@Suite("Koard routes: tip adjust")
struct KoardAdjustTests {
    @Test func adjustByAmountReplacesTheTipAndKeepsTheBreakdownAddingUp() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 10_000, extra: #","breakdown":{"subtotal":9000,"tax_amount":1000}"#)
            let reply = try await session.koard(KoardPath.adjust(sale.transactionId), #"{"type":"tip","amount":1500}"#)
            #expect(reply.status == 201, "\(reply.text)")
            let adjusted = try reply.koard
            #expect(adjusted.status == .captured)
            #expect(adjusted.tipAmount == 1_500)
            #expect(adjusted.capturedAmount == 11_500)
            #expect(adjusted.breakdown?.tipAmount == 1_500)
            #expect(adjusted.operation?.type == "adjust")
            #expect(adjusted.operation?.amount == 1_500)
        }
    }

    @Test func aPercentageAppliesToTheBreakdownSubtotalRoundedHalfUp() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            // 18 % of 2025 is 364.5: half-up gives 365 (banker's rounding would give 364).
            let sale = try await session.koardPayment(amount: 2_225, extra: #","breakdown":{"subtotal":2025,"tax_amount":200}"#)
            let adjusted = try await session.koard(KoardPath.adjust(sale.transactionId), #"{"type":"tip","percentage":0.18}"#).koard
            #expect(adjusted.tipAmount == 365)
            #expect(adjusted.capturedAmount == 2_590)
            #expect(adjusted.breakdown?.tipAmount == 365)
        }
    }

    @Test func withoutABreakdownAPercentageAppliesToTheCapturedAmountBeforeTip() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            // 10 % of 1005 is 100.5 → 101; a second adjust replaces the tip, it does not add to it.
            let sale = try await session.koardPayment(amount: 1_005)
            let first = try await session.koard(KoardPath.adjust(sale.transactionId), #"{"type":"tip","percentage":0.1}"#).koard
            #expect(first.tipAmount == 101)
            #expect(first.capturedAmount == 1_106)
            let second = try await session.koard(KoardPath.adjust(sale.transactionId), #"{"type":"tip","percentage":0.2}"#).koard
            #expect(second.tipAmount == 201)
            #expect(second.capturedAmount == 1_206)
        }
    }

    @Test func badAdjustmentsAreRefusedBeforeAnythingIsWritten() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 1_000)
            let path = KoardPath.adjust(sale.transactionId)
            let cases: [(String, String)] = [
                (#"{"type":"tip","amount":100,"percentage":0.1}"#, "percentage"),
                (#"{"type":"tip"}"#, "amount"),
                (#"{"type":"discount","amount":100}"#, "type"),
                (#"{"type":"tip","percentage":1.5}"#, "percentage"),
                (#"{"type":"tip","percentage":0.1234567}"#, "percentage"),
                (#"{"type":"tip","amount":-1}"#, "amount"),
                (#"{"type":"tip","amount":1.5}"#, "amount"),
            ]
            for (body, field) in cases {
                let reply = try await session.koard(path, body)
                #expect(reply.status == 400, "\(body): \(reply.text)")
                #expect(reply.error?.field == field, "\(body): \(reply.text)")
            }
            let details = try await session.send(.get, APIPath.transaction(sale.transactionId)).decode(TransactionResource.self)
            #expect(details.operations?.isEmpty == true)
            #expect(details.amounts?.tip == 0)
        }
    }

    @Test func aHoldCannotTakeATip() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 1_000)
            let reply = try await session.koard(KoardPath.adjust(hold.transactionId), #"{"type":"tip","amount":100}"#)
            #expect(reply.status == 409)
            #expect(reply.error?.code == "invalid_state_transition")
            #expect(reply.error?.status == "authorized")
        }
    }
}
