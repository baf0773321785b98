import Foundation
import GatewayAPI
import HTTPTypes
import Storage
import Testing

/// A merchant's payment settings bind its payments: currencies, card brands and transaction
/// types it does not take are refused before anything is written.
@Suite("Payment settings bind payments")
struct PaymentAcceptanceTests {
    @Test func aCurrencyTheMerchantDoesNotTakeIsRefusedAndNothingIsWritten() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let key: HTTPFields = [HTTPField.Name(APIHeader.idempotencyKey)!: "eur-1"]
            let refused = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(currency: "EUR"), headers: key)
            #expect(refused.status == 400)
            #expect(refused.error?.code == "currency_not_accepted")
            #expect(refused.error?.field == "currency")
            #expect(refused.error?.message.contains("USD") == true)
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.total == 0)

            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"availableCurrencies":["USD","EUR"]}"#).status == 200)
            // The refusal freed the key: the same request now goes through.
            let accepted = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(currency: "EUR"), headers: key)
            #expect(accepted.status == 201)
            #expect(try accepted.decode(TransactionResource.self).currency == "EUR")
        }
    }

    @Test func aCardBrandTheMerchantDoesNotTakeIsRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"availableCardTypes":["Visa"]}"#).status == 200)
            let refused = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: "5555555555554444"))
            #expect(refused.status == 400)
            #expect(refused.error?.code == "card_brand_not_accepted")
            #expect(refused.error?.message.contains("mastercard") == true)
            #expect(try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: "4242424242424242")).status == 201)
        }
    }

    @Test func anOperationTypeTheMerchantTurnedOffIsForbiddenButOthersGoOn() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let sale = try await session.pay(amount: 1_000)
            let types = #"{"availableTransactionTypes":["Authorization","Capture","Void"]}"#
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: types).status == 200)

            let newSale = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
            #expect(newSale.status == 403)
            #expect(newSale.error?.code == "transaction_type_not_enabled")
            let refund = try await session.followUp(sale.id, .refund)
            #expect(refund.status == 403)
            #expect(refund.error?.code == "transaction_type_not_enabled")
            let payment = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(payment.status == .captured)
            #expect(payment.operations?.isEmpty != false, "the refused refund left no row")

            // Authorization, its increment (governed by authorization) and capture still work.
            let hold = try await session.pay("authorization", amount: 2_000)
            #expect(try await session.followUp(hold.id, .increment, json: #"{"amount":500}"#).status == 201)
            #expect(try await session.followUp(hold.id, .capture).status == 201)
        }
    }

    @Test func aFollowUpInACurrencyNoLongerTakenStillGoesBack() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let sale = try await session.pay(amount: 1_000)
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"availableCurrencies":["EUR"]}"#).status == 200)
            #expect(try await session.followUp(sale.id, .refund).status == 201)
        }
    }
}
