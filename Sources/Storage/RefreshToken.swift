import Foundation

/// A refresh token, stored only as a hash. Tokens rotate: using one replaces it with a new
/// one of the same family; presenting a used one again revokes the whole family.
public struct RefreshToken: Sendable, Equatable, Codable {
    /// SHA-256 hex of the token.
    public var tokenHash: String
    public var clientId: String
    public var merchantId: String
    /// All tokens descended from one client-credentials grant share a family.
    public var familyId: String
    public var expiresAt: Date
    /// Set when the token was exchanged for a new one.
    public var usedAt: Date?
    public var revoked: Bool

    public init(tokenHash: String, clientId: String, merchantId: String, familyId: String, expiresAt: Date, usedAt: Date? = nil, revoked: Bool = false) {
        self.tokenHash = tokenHash
        self.clientId = clientId
        self.merchantId = merchantId
        self.familyId = familyId
        self.expiresAt = expiresAt
        self.usedAt = usedAt
        self.revoked = revoked
    }
}
