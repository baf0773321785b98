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

    public init(id: String, merchantId: String, email: String, role: Role, passwordHash: String, createdAt: Date) {
        self.id = id
        self.merchantId = merchantId
        self.email = email
        self.role = role
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}
