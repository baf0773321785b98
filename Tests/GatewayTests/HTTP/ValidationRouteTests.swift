import Foundation
import GatewayAPI
import PaymentCore
import Testing

@Suite("Bad input is a 400 naming the field, and writes nothing")
struct ValidationRouteTests {
    static let card = #""accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030"#

    @Test(arguments: [
        ("{not json", "invalid_json", "body"),
        ("", "invalid_json", "body"),
        (#"{"currency":"USD",\#(card)}"#, "invalid_request", "amount"),
        (#"{"amount":"10.00","currency":"USD",\#(card)}"#, "invalid_request", "amount"),
        (#"{"amount":10.5,"currency":"USD",\#(card)}"#, "invalid_request", "amount"),
        (#"{"amount":-100,"currency":"USD",\#(card)}"#, "invalid_amount", "amount"),
        (#"{"amount":0,"currency":"USD",\#(card)}"#, "invalid_amount", "amount"),
        (#"{"amount":100,"currency":"XYZ",\#(card)}"#, "unknown_currency", "currency"),
        (#"{"amount":100,"currency":"USD","tipAmount":-1,\#(card)}"#, "invalid_amount", "tipAmount"),
        (#"{"amount":100,"currency":"USD","accountNumber":"4242424242424241","expirationMonth":12,"expirationYear":2030}"#, "invalid_card_number", "accountNumber"),
        (#"{"amount":100,"currency":"USD","accountNumber":"42424242abcd4242","expirationMonth":12,"expirationYear":2030}"#, "invalid_card_number", "accountNumber"),
        (#"{"amount":100,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":13,"expirationYear":2030}"#, "invalid_expiry", "expirationMonth"),
        (#"{"amount":100,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":1,"expirationYear":2020}"#, "card_expired", "expirationYear"),
        (#"{"amount":100,"currency":"USD","securityCode":"12",\#(card)}"#, "invalid_request", "securityCode"),
        (#"{"amount":100,"currency":"USD","createMethodId":42,\#(card)}"#, "invalid_request", "createMethodId"),
        (#"{"amount":100,"currency":"USD","expirationMonth":12,"expirationYear":2030}"#, "invalid_request", "accountNumber"),
    ])
    func badSaleRequests(json: String, code: String, field: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: json)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.code == code)
            #expect(reply.error?.field == field)
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.total == 0)
        }
    }

    @Test func moreFractionDigitsThanTheCurrencyAllowsIsRefused() async throws {
        // JPY has no minor unit: 1500 means ¥1500, and a fraction can't be expressed at all.
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: #"{"amount":1500.5,"currency":"JPY",\#(Self.card)}"#)
            #expect(reply.status == 400)
            #expect(reply.error?.field == "amount")
            let settings = try await session.send(.patch, APIPath.paymentSettings, json: #"{"availableCurrencies":["USD","JPY"]}"#)
            #expect(settings.status == 200)
            let yen = try await session.pay(amount: 1_500, currency: "JPY")
            #expect(yen.currency == "JPY")
        }
    }

    @Test(arguments: [
        ("pageSize=0", "pageSize"), ("pageSize=101", "pageSize"), ("page=-1", "page"), ("orderBy=colour", "orderBy"),
        ("asc=maybe", "asc"), ("status=paid", "status"), ("type=loan", "type"), ("from=yesterday", "from"),
        ("createMethodId=10", "createMethodId"),
    ])
    func badListQueries(query: String, field: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.get, "\(APIPath.transactions)?\(query)")
            #expect(reply.status == 400)
            #expect(reply.error?.field == field)
        }
    }

    @Test(arguments: [
        (APIPath.FollowUp.capture, #"{"amount":0}"#), (.capture, #"{"amount":-5}"#), (.increment, "{}"),
        (.increment, #"{"amount":0}"#), (.adjustTip, #"{"tipAmount":-1}"#), (.refund, #"{"amount":"all"}"#),
    ])
    func badFollowUpBodies(operation: APIPath.FollowUp, json: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let auth = try await session.pay("authorization")
            let reply = try await session.followUp(auth.id, operation, json: json)
            #expect(reply.status == 400, "\(reply.text)")
            let details = try await session.send(.get, APIPath.transaction(auth.id)).decode(TransactionResource.self)
            #expect(details.operations == [])
            #expect(details.status == .authorized)
        }
    }

    @Test func unknownRoutesAnswerInTheEnvelope() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.get, "/v1/nothing-here")
            #expect(reply.status == 404)
            #expect(reply.error?.code == "not_found")
        }
    }
}

@Suite("Illegal moves are 409 with the current status; other merchants' payments are 404")
struct IllegalMoveRouteTests {
    @Test func captureAVoidedAuthorization() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let auth = try await session.pay("authorization")
            _ = try await session.followUp(auth.id, .void)
            let reply = try await session.followUp(auth.id, .capture)
            #expect(reply.status == 409)
            #expect(reply.error?.code == "invalid_state_transition")
            #expect(reply.error?.status == "voided")
        }
    }

    @Test func refundMoreThanCaptured() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 1_000)
            let reply = try await session.followUp(sale.id, .refund, json: #"{"amount":1001}"#)
            #expect(reply.status == 409)
            #expect(reply.error?.code == "amount_exceeds_available")
            let capture = try await session.followUp(sale.id, .capture)
            #expect(capture.error?.status == "captured")
        }
    }

    @Test func captureMoreThanAuthorized() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let auth = try await session.pay("authorization", amount: 1_000)
            let reply = try await session.followUp(auth.id, .capture, json: #"{"amount":1500}"#)
            #expect(reply.status == 409)
            #expect(reply.error?.code == "amount_exceeds_available")
        }
    }

    @Test func anotherMerchantsPaymentIsNotFound() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay()
            let other = try await harness.otherMerchantToken(session.client)
            #expect(try await session.send(.get, APIPath.transaction(sale.id), token: other).status == 404)
            #expect(try await session.send(.post, APIPath.followUp(sale.id, .refund), token: other).status == 404)
            let list = try await session.send(.get, APIPath.transactions, token: other).decode(TransactionList.self)
            #expect(list.total == 0)
            // Untouched for its owner.
            let mine = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(mine.amounts?.refunded == 0)
        }
    }

    @Test func unknownIdIsNotFound() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.send(.get, APIPath.transaction("no-such-id")).status == 404)
            #expect(try await session.followUp("no-such-id", .void).status == 404)
        }
    }
}
