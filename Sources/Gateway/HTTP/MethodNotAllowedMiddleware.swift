import Foundation
import HTTPTypes
// The router's own path trie (SPI): a path resolves here exactly as the router resolves it
// (a literal segment before a parameter), so 405 and 404 cannot disagree with routing.
@_spi(Internal) import Hummingbird

/// A known path asked with a method it does not take: 405 in the error envelope with an
/// `Allow` header listing the path's methods (RFC 9110), for every route of the table at
/// once. A path no route answers stays 404 (the router's not-found answer).
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = GatewayContext
    private let methods: RouterTrie<Set<HTTPRequest.Method>>

    /// The methods of each path of `routes` (templates in the router's form, `/v1/transactions/:id`).
    init(_ routes: [GatewayRoute]) {
        let byPath = Dictionary(grouping: routes, by: \.path).mapValues { Set($0.map(\.method)) }
        let builder = RouterPathTrieBuilder<Set<HTTPRequest.Method>>()
        for (path, methods) in byPath { builder.addEntry(RouterPath(path), value: methods) }
        self.methods = builder.build()
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let allowed = allowed(request.method, path: request.uri.path) else { return try await next(request, context) }
        var response = ErrorEnvelopeMiddleware.response(for: GatewayError(
            .methodNotAllowed, .invalidRequest, "\(request.method.rawValue) is not allowed on this route; it takes \(allowed)"))
        response.headers[.allow] = allowed
        return response
    }

    /// The `Allow` value when `path` is a route's and `method` is not one of its methods; nil
    /// when the router should answer (the method is taken, or no route has the path).
    func allowed(_ method: HTTPRequest.Method, path: String) -> String? {
        guard let methods = self.methods.resolve(path)?.value, !methods.contains(method) else { return nil }
        return methods.map(\.rawValue).sorted().joined(separator: ", ")
    }
}
