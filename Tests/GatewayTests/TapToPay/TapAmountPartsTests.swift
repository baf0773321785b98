import CardData
import Foundation
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// A tap keeps its price part by part (`amountDetails`), as a keyed payment does, on every
/// API style: in the payment's details, in list rows, and through follow-ups.
@Suite("Tap to Pay: amount parts")
struct TapAmountPartsTests {
    func post(_ session: TestSession, _ path: String, _ json: String) async throws -> TestReply {
        try await session.send(.post, path, json: json, headers: [TestSession.deviceHeader: TestSession.deviceId])
    }

    /// 100.00 − 5.00 (5 % off) + 2.85 surcharge (3 % of 95.00) + 10.00 tip + 7.60 tax (8 % of 95.00) = 115.45.
    static let parts =
        #","amountDetails":{"baseAmount":10000,"percentageOffAmount":500,"percentageOffRate":5,"surchargeAmount":285,"surchargeRate":3,"tipAmount":1000,"taxAmount":760,"taxRate":8}"#

    @Test func aTapKeepsThePartsItWasSentWithInDetailsAndListRows() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await post(session, APIPath.sale, TapRouteTests.body(try session.tap(amount: 11_545), extra: Self.parts))
            #expect(reply.status == 201, "\(reply.text)")
            let sale = try reply.decode(TransactionResource.self)
            let expected = AmountResource(
                baseAmount: 10_000, percentageOffAmount: 500, percentageOffRate: 5, surchargeAmount: 285, surchargeRate: 3,
                tipAmount: 1_000, taxAmount: 760, taxRate: 8)
            #expect(sale.amountDetails == expected)
            #expect(sale.amount == 11_545)
            #expect(sale.amounts?.tip == 1_000)
            let details = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(details.amountDetails == expected)
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.items.first { $0.id == sale.id }?.amountDetails == expected)
        }
    }

    @Test func partsThatDoNotAddUpAreRefusedAndNothingIsWritten() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let short = try await post(session, APIPath.sale, TapRouteTests.body(try session.tap(amount: 11_500), extra: Self.parts))
            #expect(short.status == 400)
            #expect(short.error?.code == "breakdown_mismatch")
            #expect(short.error?.field == "amountDetails")
            let total = try await post(session, APIPath.sale, TapRouteTests.body(
                try session.tap(amount: 1_000), extra: #","amountDetails":{"baseAmount":1000,"totalAmount":1001}"#))
            #expect(total.error?.code == "breakdown_mismatch")
            #expect(total.error?.field == "amountDetails.totalAmount")
            let tip = try await post(session, APIPath.sale, TapRouteTests.body(
                try session.tap(amount: 1_100), extra: #","tipAmount":200,"amountDetails":{"baseAmount":1000,"tipAmount":100}"#))
            #expect(tip.error?.code == "breakdown_mismatch")
            #expect(tip.error?.field == "tipAmount")
            let discount = try await post(session, APIPath.sale, TapRouteTests.body(
                try session.tap(amount: 1_000), extra: #","amountDetails":{"baseAmount":1000,"cashDiscountAmount":1001,"surchargeAmount":1001}"#))
            #expect(discount.error?.field == "amountDetails.percentageOffAmount")
            let rate = try await post(session, APIPath.sale, TapRouteTests.body(
                try session.tap(amount: 1_000), extra: #","amountDetails":{"baseAmount":1000,"taxRate":100.5}"#))
            #expect(rate.status == 400)
            #expect(rate.error?.field == "amountDetails.taxRate")
            let negative = try await post(session, APIPath.sale, TapRouteTests.body(
                try session.tap(amount: 1_000), extra: #","amountDetails":{"baseAmount":1100,"percentageOffAmount":-100}"#))
            #expect(negative.error?.field == "amountDetails.percentageOffAmount")
            let both = try await post(session, APIPath.sale, TapRouteTests.body(
                try session.tap(amount: 1_000), extra: #","breakdown":{"subtotal":1000},"amountDetails":{"baseAmount":1000}"#))
            #expect(both.error?.field == "amountDetails")
            let unknown = try await post(session, APIPath.sale, TapRouteTests.body(
                try session.tap(amount: 1_000), extra: #","amountDetails":{"baseAmount":1000,"serviceFee":5}"#))
            #expect(unknown.status == 400)
            #expect(unknown.error?.field == "amountDetails.serviceFee")
            let refund = try await post(session, APIPath.tapRefund, TapRouteTests.body(
                try session.tap(amount: 1_000, kind: .refund), extra: #","amountDetails":{"baseAmount":1000}"#))
            #expect(refund.error?.field == "amountDetails")
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.items.isEmpty)
        }
    }

    @Test func aTapWithNoPartsHasItsAmountAndTipAsParts() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let v1 = try await post(session, APIPath.authorization, TapRouteTests.body(
                try session.tap(amount: 11_000), extra: #","amount":10000,"tipAmount":1000,"currency":"USD""#)).decode(TransactionResource.self)
            #expect(v1.amountDetails == AmountResource(baseAmount: 10_000, tipAmount: 1_000))
            let halo = try await session.apple(try session.tap(amount: 4_200), reference: "INV-7")
            #expect(halo.status == 200, "\(halo.text)")
            let haloId = try #require(halo.halo?.haloReference)
            let stored = try await session.send(.get, APIPath.transaction(haloId)).decode(TransactionResource.self)
            #expect(stored.amountDetails == AmountResource(baseAmount: 4_200))
        }
    }

    @Test func aKoardTapKeepsItsBreakdownAsParts() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 3_294, extra: KoardPaymentFlowTests.breakdown)
            let stored = try await session.send(.get, APIPath.transaction(sale.transactionId)).decode(TransactionResource.self)
            #expect(stored.amountDetails == AmountResource(
                baseAmount: 2_500, surchargeAmount: 75, surchargeRate: 3, tipAmount: 500, taxAmount: 219, taxRate: Decimal(string: "8.75")!))
        }
    }

    @Test func aTipAdjustmentChangesTheTipPart() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await post(session, APIPath.sale, TapRouteTests.body(try session.tap(amount: 11_545), extra: Self.parts))
                .decode(TransactionResource.self)
            let adjusted = try await session.followUp(sale.id, .adjustTip, json: #"{"tipAmount":1500}"#).decode(FollowUpResponse.self)
            #expect(adjusted.payment.amounts?.captured == 12_045)
            #expect(adjusted.payment.amountDetails?.tipAmount == 1_500)
            #expect(adjusted.payment.amountDetails?.totalAmount == 12_045)
            #expect(adjusted.payment.amountDetails?.surchargeAmount == 285)
        }
    }
}
