import Foundation
import GatewayAPI
import Hummingbird

/// `POST /v1/oauth/token`: client credentials and refresh token grants.
struct TokenController {
    let tokens: TokenService

    var routes: [GatewayRoute] {
        [
            .notIdempotent(APIPath.token, .open, because: "a retry only issues another token") { input in
                try await token(input.request, body: input.body)
            },
        ]
    }

    private func token(_ request: Request, body: ByteBuffer) async throws -> Response {
        let form = request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") ?? false
        let grant: TokenRequest
        if form {
            do {
                grant = try URLEncodedFormDecoder().decode(TokenRequest.self, from: String(buffer: body))
            } catch {
                throw GatewayError.invalid("grant_type", "grant_type is required")
            }
        } else {
            grant = try JSONCoding.decode(TokenRequest.self, from: body)
        }
        let response: TokenResponse
        switch grant.grantType {
        case "client_credentials":
            guard let id = grant.clientId, !id.isEmpty else { throw GatewayError.invalid("client_id", "client_id is required") }
            guard let secret = grant.clientSecret, !secret.isEmpty else {
                throw GatewayError.invalid("client_secret", "client_secret is required")
            }
            response = try await tokens.clientCredentials(clientId: id, clientSecret: secret)
        case "refresh_token":
            guard let token = grant.refreshToken, !token.isEmpty else {
                throw GatewayError.invalid("refresh_token", "refresh_token is required")
            }
            response = try await tokens.refresh(token: token)
        default:
            throw GatewayError(.badRequest, .unsupportedGrantType, "grant_type must be client_credentials or refresh_token", field: "grant_type")
        }
        var reply = try JSONCoding.response(.ok, response)
        reply.headers[.cacheControl] = "no-store"
        return reply
    }
}
