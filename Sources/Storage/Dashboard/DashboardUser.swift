import Foundation

/// A person who signs in to the dashboard for one merchant. The email is kept lower-cased
/// and is unique across the gateway (sign-in asks for nothing else); the password only as a
/// bcrypt hash.
public struct DashboardUser: Sendable, Equatable {
    /// What a user may do: an admin acts on payments and settings, a viewer only looks.
    public enum Role: String, Sendable, Equatable, CaseIterable {
        case admin
        case viewer
    }

    public var id: String
    public var merchantId: String
    public var email: String
    public var role: Role
    public var passwordHash: String
    public var createdAt: Date
    /// Wrong passwords since the last good one; at ``maxFailedSignIns`` the user is locked
    /// until `lockedUntil`.
    public var failedSignIns: Int = 0
    public var lockedUntil: Date?
    /// Set by an admin: the user's next page is the password form, until they choose a new one.
    public var mustChangePassword = false
    /// An invited user's one-time sign-in link, as the SHA-256 of its token, and when it
    /// stops working; both nil once the link was used (or for a user made with a password).
    /// Until then the user has no password (`passwordHash` is empty) and cannot sign in.
    public var invitationHash: String?
    public var invitationExpiresAt: Date?
    /// Two-factor sign-in (RFC 6238 TOTP): the shared secret in base32 while it is on, and
    /// the last time step whose code signed in (a code is used once).
    public var totpSecret: String?
    public var totpLastStep: Int64?

    public init(id: String, merchantId: String, email: String, role: Role, passwordHash: String, createdAt: Date) {
        self.id = id
        self.merchantId = merchantId
        self.email = email
        self.role = role
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}
