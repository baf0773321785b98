import Foundation

/// An API client of a merchant: a client id with a secret (kept only as a hash) and the
/// permissions its tokens carry.
public struct APIClient: Sendable, Equatable, Codable {
    /// The public client id.
    public var id: String
    public var merchantId: String
    public var name: String
    /// Salted hash of the secret ("sha256$<salt>$<hex>"); the secret itself is never stored.
    public var secretHash: String
    /// ARISE `ApiPermission` names.
    public var permissions: [String]
    public var createdAt: Date
    public var revokedAt: Date?
    /// The keys and claims of JWTs the client's backend signs itself; nil when it uses only
    /// Tapline's access tokens.
    public var integratorJWT: IntegratorJWTSettings?

    public init(
        id: String, merchantId: String, name: String, secretHash: String, permissions: [String], createdAt: Date, revokedAt: Date? = nil,
        integratorJWT: IntegratorJWTSettings? = nil
    ) {
        self.id = id
        self.merchantId = merchantId
        self.name = name
        self.secretHash = secretHash
        self.permissions = permissions
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.integratorJWT = integratorJWT
    }
}
