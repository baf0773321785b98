import Foundation
import Hummingbird

/// Admits a request only with a valid bearer access token, and records the caller.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = GatewayContext
    let signer: AccessTokenSigner
    let now: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authorization = request.headers[.authorization] else {
            throw GatewayFailure.unauthenticated(.missingToken)
        }
        let prefix = "Bearer "
        guard authorization.count > prefix.count, authorization.lowercased().hasPrefix(prefix.lowercased()) else {
            throw GatewayFailure.unauthenticated(.notBearer)
        }
        let token = String(authorization.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        guard let claims = signer.verify(token, now: now()) else {
            throw GatewayFailure.unauthenticated(.invalidToken)
        }
        var context = context
        context.caller = Caller(clientId: claims.sub, merchantId: claims.mid, permissions: Set(claims.perms))
        context.logger[metadataKey: "client_id"] = "\(claims.sub)"
        return try await next(request, context)
    }
}
