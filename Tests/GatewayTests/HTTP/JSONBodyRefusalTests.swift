import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import NIOCore
import Testing

/// Bodies two parsers could read differently, or that a decoder would quietly read as
/// "left out", are refused with a 400 naming the field, and nothing is written.
@Suite("Request bodies: duplicate keys, null, depth and encoding")
struct JSONBodyRefusalTests {
    static let card = #""currency":"USD","cardDataSource":"manual","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030"#

    /// Sends raw bytes as a JSON body.
    static func sendBytes(_ session: TestSession, _ path: String, _ bytes: [UInt8]) async throws -> TestReply {
        let headers: HTTPFields = [.authorization: "Bearer \(session.token)", .contentType: "application/json"]
        return try await session.client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: bytes)) { response in
            TestReply(status: Int(response.status.code), headers: response.headers, body: Data(buffer: response.body))
        }
    }

    @Test(arguments: [
        #"{"amount":1000,"amount":99999999,"# + card + "}",
        #"{"amount":1000,"\u0061mount":99999999,"# + card + "}",
    ])
    func aDuplicateKeyIsRefusedAndNothingIsCharged(body: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: body)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.field == "amount")
            #expect(reply.error?.message.contains("more than once") == true)
            #expect(try await session.send(.get, APIPath.transactions).decode(TransactionList.self).total == 0)
        }
    }

    @Test func aDuplicateKeyInANestedObjectIsNamedByItsPath() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let body = #"{"amount":1000,"breakdown":{"subtotal":1000,"subtotal":5},"# + Self.card + "}"
            let reply = try await session.send(.post, APIPath.sale, json: body)
            #expect(reply.status == 400)
            #expect(reply.error?.field == "breakdown.subtotal")
        }
    }

    @Test func nullWhereTheAPITakesNoNullIsRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let hold = try await session.pay("authorization")
            let reverse = try await session.send(.post, APIPath.followUp(hold.id, .reverse), json: #"{"amount":null}"#)
            #expect(reverse.status == 400, "\(reverse.text)")
            #expect(reverse.error?.field == "amount")
            #expect(try await session.send(.get, APIPath.transaction(hold.id)).decode(TransactionResource.self).status == .authorized)

            let endpoint = try await session.send(.post, APIPath.webhookEndpoints, json: #"{"url":"https://shop.example/hooks","events":null}"#)
            #expect(endpoint.status == 400)
            #expect(endpoint.error?.field == "events")
            #expect(try await session.send(.get, APIPath.webhookEndpoints).text.contains("shop.example") == false)

            let price = try await session.send(.post, APIPath.calculateAmount, json: #"{"amount":1000,"currency":"USD","useCardPrice":null}"#)
            #expect(price.status == 400)
            #expect(price.error?.field == "useCardPrice")

            let tax = try await session.send(.patch, APIPath.paymentSettings, json: #"{"taxRate":null}"#)
            #expect(tax.status == 400)
            #expect(tax.error?.field == "taxRate")
        }
    }

    @Test func nullStillClearsTheSettingsTheDocumentLetsItClear() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"defaultSurchargeRate":3.5}"#).status == 200)
            let cleared = try await session.send(.patch, APIPath.paymentSettings, json: #"{"defaultSurchargeRate":null}"#)
            #expect(cleared.status == 200, "\(cleared.text)")
            #expect(try cleared.decode(PaymentSettingsResponse.self).defaultSurchargeRate == nil)
        }
    }

    @Test func deepNestingBadUTF8AndHugeStringsAre4xxAndTheGatewayStaysUp() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let deep = Array(repeating: UInt8(ascii: "["), count: 200_000) + Array(repeating: UInt8(ascii: "]"), count: 200_000)
            let nested = try await Self.sendBytes(session, APIPath.sale, deep)
            #expect(nested.status == 400)
            #expect(nested.error?.code == "invalid_json")
            let deepObject = Array(String(repeating: #"{"a":"#, count: 40).utf8) + Array("1".utf8) + Array(repeating: UInt8(ascii: "}"), count: 40)
            #expect(try await Self.sendBytes(session, APIPath.sale, deepObject).error?.message.contains("deeper than") == true)

            let badUTF8 = Array(#"{"amount":1000,"referenceId":""#.utf8) + [0xC3, 0x28, 0xFF] + Array(#"","#.utf8) + Array(Self.card.utf8) + [UInt8(ascii: "}")]
            let encoding = try await Self.sendBytes(session, APIPath.sale, badUTF8)
            #expect(encoding.status == 400)
            #expect(encoding.error?.code == "invalid_json")

            let huge = #"{"amount":1000,"referenceId":""# + String(repeating: "x", count: 900_000) + #"","# + Self.card + "}"
            let long = try await session.send(.post, APIPath.sale, json: huge)
            #expect((400..<500).contains(long.status), "\(long.status)")
            #expect(try await session.send(.get, APIPath.health).status == 200)
            #expect(try await session.send(.get, APIPath.transactions).decode(TransactionList.self).total == 0)
        }
    }

    @Test(arguments: [
        (#"{"a":1,"b":[1,2,{"c":null}]}"#, JSONBodyCheck.Problem.null("b.2.c")),
        (#"{"a":1,"a":2}"#, .duplicateKey("a")),
        (#"{"a":"\ud83d\ude00","\ud83d\ude00":1,"😀":2}"#, .duplicateKey("😀")),
        (#"{"a":01}"#, .invalid("a number has a leading zero")),
        (#"{"a":1} x"#, .invalid("the request body has text after its JSON value")),
        (#"{"a":"\ud800"}"#, .invalid("a string holds half a surrogate pair")),
        ("{\"a\":\"tab\tinside\"}", .invalid("a string holds a control character; escape it")),
        (#"{"a":1,}"#, .invalid("an object key must be a string")),
    ])
    func theCheckNamesTheFirstProblem(json: String, problem: JSONBodyCheck.Problem) {
        var check = JSONBodyCheck()
        #expect(throws: problem) { try check.check(Data(json.utf8)) }
    }

    @Test func theCheckFindsTheFirstFractionOutsideDecimalFields() throws {
        var check = JSONBodyCheck(decimalFields: ["rate"])
        try check.check(Data(#"{"rate":0.5,"list":[1,2.0,3.25],"amount":12.5}"#.utf8))
        #expect(check.fractionalNumberPath == "list.2")
        var nullable = JSONBodyCheck(nullableFields: ["clear"])
        try nullable.check(Data(#"{"clear":null,"x":-0.0e+1,"s":"a\"b\\c\/d\b\f\n\r\t\u00e9"}"#.utf8))
    }
}
