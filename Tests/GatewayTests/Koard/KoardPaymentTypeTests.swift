import CardData
import Foundation
import GatewayAPI
import Testing
import TestSupport

/// Koard's `type` (its SDK's `PaymentType`) is honoured or refused, never ignored: a preauth
/// asked for on `/v4/payment` holds the amount, and `/v4/preauth` refuses a sale.
@Suite("Koard routes: the payment type")
struct KoardPaymentTypeTests {
    @Test func aPreauthOnThePaymentRouteHoldsTheAmountInsteadOfCapturingIt() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let held = try await session.koardPayment(amount: 2_000, extra: #","type":"preauth""#)
            #expect(held.status == .authorized)
            #expect(held.capturedAmount == 0)
            let sale = try await session.koardPayment(amount: 2_000, extra: #","type":"sale""#)
            #expect(sale.status == .captured)
            // The hold is capturable as any preauth is.
            let capture = try await session.koard(KoardPath.capture(held.transactionId), #"{"amount":1500}"#)
            #expect(capture.status == 201, "\(capture.text)")
            #expect(try capture.koard.status == .captured)
        }
    }

    @Test func thePreauthRouteRefusesASaleAndAnUnknownType() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardTap(KoardPath.preauth, amount: 2_000, extra: #","type":"sale""#)
            #expect(sale.status == 400)
            #expect(sale.text.contains("type"))
            let unknown = try await session.koardTap(KoardPath.payment, amount: 2_000, extra: #","type":"layaway""#)
            #expect(unknown.status == 400)
            #expect(unknown.text.contains("type"))
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.items.isEmpty, "a refused type wrote a payment")
        }
    }

    @Test func aPreauthOnThePaymentRouteNeedsThePreauthPermission() async throws {
        let harness = try await GatewayHarness.make(permissions: APIPermission.defaultGrant.filter { $0 != .ecommerceAuth })
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await session.koardTap(KoardPath.payment, amount: 2_000, extra: #","type":"preauth""#)
            #expect(reply.status == 403, "\(reply.text)")
        }
    }
}
