import Foundation
import Hummingbird

/// Admits a request only with a valid bearer access token, and records the caller.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = GatewayContext
    let signer: AccessTokenSigner
    let now: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authorization = request.headers[.authorization] else {
            throw GatewayError.unauthorized("missing bearer token: send Authorization: Bearer <access token>")
        }
        let prefix = "Bearer "
        guard authorization.count > prefix.count, authorization.lowercased().hasPrefix(prefix.lowercased()) else {
            throw GatewayError.unauthorized("the Authorization header must be: Bearer <access token>")
        }
        let token = String(authorization.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        guard let claims = signer.verify(token, now: now()) else {
            throw GatewayError.unauthorized("the access token is invalid or expired; get a new one from /v1/oauth/token")
        }
        var context = context
        context.caller = Caller(clientId: claims.sub, merchantId: claims.mid, permissions: Set(claims.perms))
        context.logger[metadataKey: "client_id"] = "\(claims.sub)"
        return try await next(request, context)
    }
}
