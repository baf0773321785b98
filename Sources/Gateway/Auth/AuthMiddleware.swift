import Foundation
import Hummingbird

/// Admits a request only with a valid bearer token, and records the caller: a Tapline access
/// token, or, where ``integratorScope`` says so, a JWT an API client's backend signed with a
/// key it registered (``IntegratorTokenVerifier``).
struct AuthMiddleware: RouterMiddleware {
    typealias Context = GatewayContext
    let signer: AccessTokenSigner
    let integratorTokens: IntegratorTokenVerifier
    let now: @Sendable () -> Date
    /// Where the routes behind this middleware are, for integrator tokens; nil takes none.
    var integratorScope: IntegratorTokenVerifier.Scope?

    /// The same middleware for routes that take integrator tokens in `scope`.
    func accepting(_ scope: IntegratorTokenVerifier.Scope?) -> AuthMiddleware {
        var copy = self
        copy.integratorScope = scope
        return copy
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authorization = request.headers[.authorization] else {
            throw GatewayFailure.unauthenticated(.missingToken)
        }
        guard let token = BearerToken.read(authorization) else {
            throw GatewayFailure.unauthenticated(.notBearer)
        }
        var context = context
        if let verified = signer.verified(token, now: now()) {
            context.caller = Caller(clientId: verified.claims.sub, merchantId: verified.claims.mid, permissions: verified.permissions)
        } else if let scope = integratorScope, let caller = try await integratorCaller(token, scope: scope, context: context) {
            context.caller = caller
            context.logger[metadataKey: "merchant_user"] = "\(caller.merchantUser ?? "")"
            context.logger.info("integrator JWT accepted", metadata: ["client_id": "\(caller.clientId)"])
        } else {
            throw GatewayFailure.unauthenticated(.invalidToken)
        }
        context.logger[metadataKey: "client_id"] = "\(context.caller?.clientId ?? "")"
        return try await next(request, context)
    }

    /// The integrator token's caller; nil when the token is not one. A refusal is logged
    /// with its reason (never the token) before it is answered.
    private func integratorCaller(_ token: String, scope: IntegratorTokenVerifier.Scope, context: Context) async throws -> Caller? {
        do {
            return try await integratorTokens.caller(for: token, scope: scope)
        } catch GatewayFailure.unauthenticated(.integratorTokenRefused(let clientId, let reason)) {
            context.logger.notice("integrator JWT refused", metadata: ["client_id": "\(clientId)", "reason": "\(reason)"])
            throw GatewayFailure.unauthenticated(.integratorTokenRefused(clientId: clientId, reason: reason))
        }
    }
}
