@testable import Gateway
import Foundation
import GatewayAPI
import HTTPTypes
import Testing

/// Nothing a client sends is silently dropped: on every route of the route table (enumerated,
/// so a new route is covered), a query parameter it does not take and, on every mutating
/// route, a body field it does not take are refused with 400 `unknown_field` naming them,
/// and nothing is written.
@Suite("Unknown fields and query parameters are refused on every route")
struct UnknownFieldTests {
    static let name = "zzunknown"

    static var allKeys: [String] { RouteTable.apiRoutes.map(RouteTable.key).sorted() }

    @Test(arguments: allKeys)
    func anUnknownQueryParameterIsRefused(_ key: String) async throws {
        let route = try #require(RouteTable.route(key))
        // Every permission, so that no route stops at 403 first (the import is an operator's).
        let harness = try await GatewayHarness.make(permissions: APIPermission.allCases)
        try await harness.test { (session: TestSession) async throws in
            let before = try await MutatingRouteTests.work(harness)
            let path = Self.concrete(route.path) + "?\(Self.name)=1"
            let reply = try await session.send(route.method, path, json: route.method == .get ? nil : "{}",
                                               headers: [TestSession.deviceHeader: TestSession.deviceId])
            #expect(reply.status == 400, "\(key): \(reply.text)")
            #expect(reply.error?.code == APIErrorCode.unknownField.rawValue, "\(key): \(reply.text)")
            #expect(reply.error?.field == Self.name, "\(key): \(reply.text)")
            #expect(try await MutatingRouteTests.work(harness) == before, "\(key) wrote something")
        }
    }

    @Test(arguments: RouteTable.idempotentKeys)
    func anUnknownBodyFieldIsRefused(_ key: String) async throws {
        let route = try #require(RouteTable.route(key))
        let make = try #require(RouteExamples.all[key], "no example for \(key)")
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            var example = try await make(session)
            example.body = Self.adding(Self.name, to: example.body)
            let before = try await MutatingRouteTests.work(harness)
            let reply = try await MutatingRouteTests.send(session, route, example, key: "unknown-\(key)")
            #expect(reply.status == 400, "\(key): \(reply.text)")
            #expect(reply.text.contains(Self.name), "\(key) does not name the field: \(reply.text)")
            #expect(try await MutatingRouteTests.work(harness) == before, "\(key) wrote something")
        }
    }

    /// The POST routes that take no `Idempotency-Key` refuse an unknown field as well.
    @Test func theRoutesWithoutAKeyRefuseAnUnknownFieldToo() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let bodies = [
                (APIPath.token, #"{"grant_type":"client_credentials","client_id":"c","client_secret":"s","zzunknown":1}"#),
                (APIPath.calculateAmount, #"{"amount":1000,"currency":"USD","zzunknown":1}"#),
                (APIPath.readerToken(TestSession.deviceId), #"{"zzunknown":1}"#),
            ]
            for (path, body) in bodies {
                let reply = try await session.send(.post, path, json: body, headers: [TestSession.deviceHeader: TestSession.deviceId])
                #expect(reply.status == 400, "\(path): \(reply.text)")
                #expect(reply.text.contains(Self.name), "\(path): \(reply.text)")
            }
        }
    }

    @Test func aNestedUnknownFieldIsNamedByItsPath() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let body = #"{"amount":1000,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030,"#
                + #""contactInfo":{"email":"a@b.example","nickname":"x"}}"#
            let reply = try await session.send(.post, APIPath.sale, json: body)
            #expect(reply.status == 400)
            #expect(reply.error?.field == "contactInfo.nickname")
            #expect(reply.error?.code == APIErrorCode.unknownField.rawValue)
        }
    }

    /// A template with its parameters filled in (any value: the refusal comes before the lookup).
    static func concrete(_ template: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "x-1" : String($0) }
            .joined(separator: "/")
    }

    /// `body` (a JSON object, or nothing) with one more field.
    static func adding(_ field: String, to body: String?) -> String {
        if let body, !body.hasPrefix("{") {
            // A CSV file (a dispute file): one more column, with a value in every row.
            let lines = body.split(separator: "\r\n")
            return lines.enumerated().map { $0.offset == 0 ? "\($0.element),\(field)" : "\($0.element),1" }.joined(separator: "\r\n")
        }
        guard let body, let brace = body.lastIndex(of: "}") else { return #"{"\#(field)":1}"# }
        let inside = body[body.index(after: body.startIndex)..<brace].trimmingCharacters(in: .whitespaces)
        return inside.isEmpty ? #"{"\#(field)":1}"# : "{" + inside + #","\#(field)":1}"#
    }
}
