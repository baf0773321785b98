import Foundation
import GatewayAPI

/// The tokens of an authenticated session, as the token store keeps them.
struct StoredSession: Codable, Sendable, Equatable {
    var accessToken: String
    var refreshToken: String
    var expiresAt: Date
    var scope: String

    init(_ response: TokenResponse, receivedAt: Date) {
        accessToken = response.accessToken
        refreshToken = response.refreshToken
        expiresAt = receivedAt.addingTimeInterval(TimeInterval(response.expiresIn))
        scope = response.scope
    }
}

extension StoredSession: CustomStringConvertible {
    /// Never prints a token.
    var description: String { "StoredSession(expiresAt: \(expiresAt), scope: \(scope))" }
}
