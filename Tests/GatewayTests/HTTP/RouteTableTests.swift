@testable import Gateway
import Foundation
import HTTPTypes
import Testing

/// The route table, the router and the OpenAPI document describe the same API.
@Suite("The route table is the document's list of operations")
struct RouteTableTests {
    @Test func theRouterAnswersExactlyTheOperationsTheDocumentLists() {
        let router = Set(RouteTable.apiRoutes.map { OpenAPISpec.Operation(method: $0.method.rawValue, path: RouteTable.documentPath($0.path)) })
        let document = OpenAPISpec.shared.operations
        #expect(router.subtracting(document).isEmpty, "routed but not documented: \(router.subtracting(document).sorted { $0.description < $1.description })")
        #expect(document.subtracting(router).isEmpty, "documented but not routed: \(document.subtracting(router).sorted { $0.description < $1.description })")
        #expect(router.count == RouteTable.apiRoutes.count, "two routes share a method and path")
        #expect(Set(RouteTable.routes.map(RouteTable.key)).count == RouteTable.routes.count, "two routes share a method and path")
    }

    /// A POST, PATCH or DELETE runs under an `Idempotency-Key`, or says why a retry is safe without one.
    @Test func everyMutatingRouteIsIdempotentOrSaysWhyNot() {
        for route in RouteTable.routes where route.method != .get {
            let keyed = route.isIdempotent || route.form?.keyed == true
            #expect(keyed || route.notIdempotentBecause != nil, "\(RouteTable.key(route))")
            #expect(!(keyed && route.notIdempotentBecause != nil), "\(RouteTable.key(route))")
        }
        let exempt = RouteTable.apiRoutes.filter { $0.notIdempotentBecause != nil }.map(RouteTable.key).sorted()
        #expect(exempt == ["POST /v1/amounts/calculate", "POST /v1/devices/:deviceId/reader-token", "POST /v1/oauth/token"])
    }

    /// Each Tap to Pay route takes a request only from an active device; no other route does.
    @Test func theDeviceBoundRoutesAreTheTapToPayRoutes() {
        #expect(RouteTable.deviceBoundKeys == [
            "POST /transactions/:transactionId/submitPinApple", "POST /transactions/apple", "POST /v1/transactions/:id/pin",
            "POST /v1/transactions/authorization", "POST /v1/transactions/refund", "POST /v1/transactions/sale", "POST /v4/payment",
            "POST /v4/preauth",
        ])
    }

    /// The query parameters a route takes (any other is refused) are the ones the document lists.
    @Test func eachRouteTakesTheQueryParametersTheDocumentLists() throws {
        for route in RouteTable.apiRoutes {
            let operation = OpenAPISpec.Operation(method: route.method.rawValue, path: RouteTable.documentPath(route.path))
            #expect(route.query == OpenAPISpec.shared.queryParameters(operation), "\(RouteTable.key(route))")
        }
        #expect(RouteTable.route("GET /v1/transactions")?.query.contains("referenceId") == true)
    }

    @Test func theDocumentFormOfATemplate() {
        #expect(RouteTable.documentPath("/v1/devices/:deviceId/tap-to-pay/activate") == "/v1/devices/{deviceId}/tap-to-pay/activate")
        #expect(RouteTable.documentPath("/health") == "/health")
    }
}

/// The reply check in ``TestSession/send`` finds what it is meant to find.
@Suite("Replies are checked against the document")
struct ReplySchemaCheckTests {
    @Test func aReplyThatBreaksItsSchemaIsFoundAndAValidOneIsNot() throws {
        let json: HTTPFields = [.contentType: "application/json"]
        let bad = TestReply(status: 200, headers: json, body: Data(#"{"status":"ok","version":7}"#.utf8))
        #expect(ReplySchemaCheck.problems(method: .get, path: "/health", reply: bad).count == 1)
        let good = TestReply(status: 200, headers: json, body: Data(#"{"status":"ok","version":"1.0.0"}"#.utf8))
        #expect(ReplySchemaCheck.problems(method: .get, path: "/health", reply: good).isEmpty)
        let undocumented = TestReply(status: 418, headers: json, body: Data(#"{}"#.utf8))
        #expect(ReplySchemaCheck.problems(method: .get, path: "/health", reply: undocumented).count == 1)
        // A literal segment wins over a parameter.
        #expect(OpenAPISpec.shared.operation(method: "POST", path: "/v1/transactions/refund")?.path == "/v1/transactions/refund")
        #expect(OpenAPISpec.shared.operation(method: "GET", path: "/v1/transactions/t-1?x=1")?.path == "/v1/transactions/{id}")
    }
}
