import CardData
import Foundation
import GatewayAPI
import Testing
import TestSupport

/// Toro's `additionalInformation` on a tapped sale: any JSON but null, stored and returned as
/// sent, bounded in keys, depth and size, refused by name beyond them with nothing written.
@Suite("Tap to Pay: additionalInformation")
struct AdditionalInformationTests {
    static func sale(_ session: TestSession, _ information: String) async throws -> TestReply {
        let body = TapRouteTests.body(try session.tap(amount: 1_500), extra: #","additionalInformation":\#(information)"#)
        return try await session.send(.post, APIPath.sale, json: body, headers: [TestSession.deviceHeader: TestSession.deviceId])
    }

    @Test func anyJSONValueIsKeptAndReturnedAsSent() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await Self.sale(session, #"{"table":"7","covers":4,"split":0.25,"vip":true,"items":[{"sku":"A-1","qty":2}]}"#)
            #expect(reply.status == 201, "\(reply.text)")
            let expected: [String: JSONValue] = [
                "table": .string("7"), "covers": .number(4), "split": .number(Decimal(string: "0.25")!), "vip": .bool(true),
                "items": .array([.object(["sku": .string("A-1"), "qty": .number(2)])]),
            ]
            let sale = try reply.decode(TransactionResource.self)
            #expect(sale.additionalInformation == expected)
            let read = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(read.additionalInformation == expected)
        }
    }

    @Test(arguments: [
        ("{" + (0...32).map { #""k\#($0)":1"# }.joined(separator: ",") + "}", "additionalInformation"),
        (#"{"a":{"b":{"c":{"d":[1]}}}}"#, "additionalInformation"),
        (#"{"blob":""# + String(repeating: "x", count: 4_100) + #""}"#, "additionalInformation"),
        (#"{"":1}"#, "additionalInformation."),
        (#"{"note":null}"#, "additionalInformation.note"),
        (#""just text""#, "additionalInformation"),
    ])
    func beyondTheBoundsIsRefusedByName(_ information: String, field: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await Self.sale(session, information)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.field == field, "\(reply.text)")
            #expect(try await session.send(.get, APIPath.transactions).decode(TransactionList.self).total == 0)
        }
    }
}
