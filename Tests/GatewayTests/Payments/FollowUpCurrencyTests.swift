import Foundation
import GatewayAPI
import PaymentCore
import Storage
import Testing

/// A follow-up may name the currency of its amount; one that is not the payment's is refused
/// before anything is written, so an amount is never read in another currency.
@Suite("Follow-ups: the currency of their amount")
struct FollowUpCurrencyTests {
    /// Each amount-taking follow-up with a body in euros, on a payment in dollars it applies to.
    static let bodies: [(APIPath.FollowUp, String, String)] = [
        (.capture, "authorization", #"{"amount":1000,"currency":"EUR"}"#),
        (.increment, "authorization", #"{"amount":1000,"currency":"EUR"}"#),
        (.reverse, "authorization", #"{"amount":1000,"currency":"EUR"}"#),
        (.refund, "sale", #"{"amount":1000,"currency":"EUR"}"#),
        (.adjustTip, "sale", #"{"tipAmount":100,"currency":"EUR"}"#),
    ]

    @Test func anotherCurrencyIsRefusedAndNothingIsWritten() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            for (operation, kind, body) in Self.bodies {
                let payment = try await session.pay(kind, amount: 5_000)
                let reply = try await session.followUp(payment.id, operation, json: body)
                #expect(reply.status == 400, "\(operation)")
                #expect(reply.error?.code == "currency_mismatch", "\(operation)")
                #expect(reply.error?.field == "currency", "\(operation)")
                #expect(reply.error?.message.contains("USD") == true, "\(operation)")
                let after = try await session.send(.get, APIPath.transaction(payment.id)).decode(TransactionResource.self)
                #expect(after.status == payment.status && after.amounts == payment.amounts, "\(operation)")
                #expect(after.operations?.isEmpty != false, "\(operation): no operation recorded")
            }
        }
    }

    @Test func thePaymentsOwnCurrencyInAnyCaseIsTaken() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let hold = try await session.pay("authorization", amount: 5_000)
            let raised = try await session.followUp(hold.id, .increment, json: #"{"amount":1000,"currency":"USD"}"#)
            #expect(raised.status == 201)
            let captured = try await session.followUp(hold.id, .capture, json: #"{"amount":6000,"currency":"usd"}"#)
            #expect(captured.status == 201)
            #expect(try captured.decode(FollowUpResponse.self).payment.amounts?.captured == 6_000)
        }
    }

    @Test func anUnknownCurrencyIsRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 5_000)
            let reply = try await session.followUp(sale.id, .refund, json: #"{"amount":100,"currency":"XXX"}"#)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "unknown_currency")
            #expect(reply.error?.field == "currency")
        }
    }
}
