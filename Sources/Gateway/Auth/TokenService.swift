import Foundation
import GatewayAPI
import Storage

/// OAuth-style tokens: client credentials for a first token, rotating refresh tokens after.
struct TokenService: Sendable {
    let store: any Store
    let signer: AccessTokenSigner
    let configuration: GatewayConfiguration
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String

    func clientCredentials(clientId: String, clientSecret: String) async throws -> TokenResponse {
        guard let client = try await store.read({ try await $0.apiClient(id: clientId) }),
              client.revokedAt == nil,
              SecretHasher.verify(secret: clientSecret, against: client.secretHash) else {
            throw GatewayFailure.unauthenticated(.invalidClient)
        }
        return try await issue(for: client, familyId: makeId(), replacing: nil)
    }

    /// Exchanges a refresh token for a new pair. A token presented twice means it leaked:
    /// the whole family is revoked and the client must authenticate again.
    func refresh(token: String) async throws -> TokenResponse {
        let hash = SecretHasher.lookupHash(token)
        let now = now()
        let invalid = GatewayFailure.unauthenticated(.invalidGrant)
        let outcome = try await store.write { writer -> Result<(APIClient, RefreshToken), GatewayFailure> in
            guard let stored = try await writer.refreshToken(hash: hash), !stored.revoked, stored.expiresAt > now else {
                return .failure(invalid)
            }
            if stored.usedAt != nil {
                try await writer.revokeRefreshTokens(familyId: stored.familyId)
                return .failure(invalid)
            }
            guard let client = try await writer.apiClient(id: stored.clientId), client.revokedAt == nil else {
                return .failure(invalid)
            }
            var used = stored
            used.usedAt = now
            try await writer.update(used)
            return .success((client, used))
        }
        let (client, used) = try outcome.get()
        return try await issue(for: client, familyId: used.familyId, replacing: used)
    }

    private func issue(for client: APIClient, familyId: String, replacing: RefreshToken?) async throws -> TokenResponse {
        let now = now()
        let issuedAt = Int64(now.timeIntervalSince1970)
        let claims = AccessTokenClaims(
            iss: AccessTokenSigner.issuer, sub: client.id, mid: client.merchantId, perms: client.permissions,
            iat: issuedAt, exp: issuedAt + Int64(configuration.accessTokenLifetime), jti: makeId())
        let refreshToken = SecretHasher.randomSecret()
        let record = RefreshToken(
            tokenHash: SecretHasher.lookupHash(refreshToken), clientId: client.id, merchantId: client.merchantId,
            familyId: familyId, expiresAt: now.addingTimeInterval(configuration.refreshTokenLifetime))
        try await store.write { try await $0.insert(record) }
        return TokenResponse(
            accessToken: signer.sign(claims), expiresIn: Int(configuration.accessTokenLifetime),
            refreshToken: refreshToken, scope: client.permissions.joined(separator: " "))
    }
}
