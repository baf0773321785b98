import Foundation

/// A signed-in browser: the cookie's value is never stored, only its SHA-256, so a copy of
/// the database signs no one in. Each session has its own CSRF token for its forms.
public struct DashboardSession: Sendable, Equatable {
    public var tokenHash: String
    public var userId: String
    public var merchantId: String
    public var csrfToken: String
    public var createdAt: Date
    public var expiresAt: Date

    public init(tokenHash: String, userId: String, merchantId: String, csrfToken: String, createdAt: Date, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.userId = userId
        self.merchantId = merchantId
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
