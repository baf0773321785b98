@testable import Gateway
import Foundation
import GatewayAPI
import HTTPTypes
import Testing

/// A path the API has, asked with a method it does not take, is 405 with `Allow` (RFC 9110);
/// a path it does not have stays 404.
@Suite("Unsupported methods are 405 with Allow")
struct MethodNotAllowedTests {
    @Test func traceOnTheTransactionListIs405AllowingGet() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(HTTPRequest.Method("TRACE")!, APIPath.transactions)
            #expect(reply.status == 405, "\(reply.text)")
            #expect(reply.headers[.allow] == "GET")
            #expect(reply.error?.code == "invalid_request")
            #expect(reply.headers[.init(APIHeader.correlationId)!] != nil, "the correlation id is on every answer")
        }
    }

    @Test func eachPathAllowsExactlyItsOwnMethods() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            // A literal segment is its own route: GET on the sale route is not the GET of a transaction.
            let sale = try await session.send(.get, APIPath.sale)
            #expect(sale.status == 405 && sale.headers[.allow] == "POST", "\(sale.text)")
            let signature = try await session.send(.delete, APIPath.signature("t-1"))
            #expect(signature.status == 405 && signature.headers[.allow] == "GET, PUT", "\(signature.text)")
            #expect(try await session.send(.patch, APIPath.health).headers[.allow] == "GET")
            #expect(try await session.send(HTTPRequest.Method("QUERY")!, APIPath.events).status == 405)
            // A method the path takes still reaches its route.
            #expect(try await session.send(.get, APIPath.transactions).status == 200)
        }
    }

    @Test func anUnknownPathStays404() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            for method in [HTTPRequest.Method.get, .post, HTTPRequest.Method("TRACE")!] {
                let reply = try await session.send(method, "/v1/no-such-thing")
                #expect(reply.status == 404 && reply.headers[.allow] == nil, "\(method) \(reply.text)")
            }
            #expect(try await session.send(.get, APIPath.transactions + "/t-1/no-such-operation").status == 404)
        }
    }

    /// `Allow` lists, for every path of the document, exactly the methods the document gives it.
    @Test func allowIsTheDocumentsMethodsForEveryPath() {
        let middleware = MethodNotAllowedMiddleware(RouteTable.routes)
        let byPath = Dictionary(grouping: OpenAPISpec.shared.operations, by: \.path)
        for (path, operations) in byPath {
            // A concrete path of the template: each `{parameter}` filled in.
            let concrete = path.replacing(#/\{[^}]+\}/#, with: "x-1")
            let documented = operations.map { $0.method.uppercased() }.sorted().joined(separator: ", ")
            #expect(middleware.allowed(HTTPRequest.Method("TRACE")!, path: concrete) == documented, "\(path)")
            for operation in operations {
                #expect(middleware.allowed(HTTPRequest.Method(operation.method.uppercased())!, path: concrete) == nil, "\(operation)")
            }
        }
        #expect(middleware.allowed(.get, path: "/v1/no-such-thing") == nil)
    }
}
