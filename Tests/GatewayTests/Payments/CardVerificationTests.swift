import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Testing

/// An authorization of zero verifies the card (ARISE `CardAuthentication` → `Verified`):
/// nothing held, nothing settled, nothing to follow up.
@Suite("Payments: card verification (zero-amount authorization)")
struct CardVerificationTests {
    @Test func aGoodCardIsVerifiedAndHoldsNothing() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.authorization, json: TestSession.cardBody(amount: 0))
            #expect(reply.status == 201, "\(reply.text)")
            let verified = try reply.decode(TransactionResource.self)
            #expect(verified.type == .cardAuthentication)
            #expect(verified.status == .verified)
            #expect(verified.amount == 0)
            #expect(verified.processor?.responseCode == "85")
            #expect(verified.card?.maskedPan == "424242******4242")
            #expect(verified.batchId == nil && verified.amounts == nil && verified.availableOperations == nil)
            #expect(verified.stan == nil, "the simulator has no STAN")

            // Nothing follows a verification: the move is refused with its status, not hidden.
            let capture = try await session.followUp(verified.id, .capture, json: #"{"amount":100}"#)
            #expect(capture.status == 409, "\(capture.text)")
            #expect(try await session.followUp(verified.id, .void).status == 409)

            let close = try await session.send(.post, APIPath.closeBatch)
            let closedCount = close.status == 409 ? 0 : try close.decode(BatchResource.self).transactionCount
            #expect(closedCount == 0, "\(close.text)")
            let events = try await OutboxProbe(store: harness.store, merchantId: harness.merchantId).all().map(\.type)
            #expect(events.sorted() == ["transaction.created", "transaction.verified"])
        }
    }

    @Test func aDecliningCardIsDeclinedWithItsCode() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(
                .post, APIPath.authorization, json: TestSession.cardBody(pan: TestCards.doNotHonour.pan, amount: 0))
            let declined = try reply.decode(TransactionResource.self)
            #expect(declined.type == .cardAuthentication && declined.status == .declined)
            #expect(declined.processor?.responseCode == "05")
        }
    }

    @Test(arguments: [
        (TestSession.cardBody(amount: 0, tip: 100), "tipAmount"),
        (#"{"amount":0,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030,"breakdown":{"subtotal":0}}"#, "breakdown"),
    ])
    func aVerificationTakesNoMoney(_ body: String, field: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.authorization, json: body)
            #expect(reply.status == 400 && reply.error?.field == field, "\(reply.text)")
            #expect(try await session.send(.get, APIPath.transactions).decode(TransactionList.self).total == 0)
        }
    }

    @Test func aSaleOfZeroIsStillRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 0))
            #expect(reply.status == 400 && reply.error?.field == "amount")
        }
    }
}
