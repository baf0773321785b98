import Foundation

/// How the dashboard signs users in (``GatewayConfiguration/dashboard``).
public struct DashboardSettings: Sendable {
    /// bcrypt's cost for new password hashes: 12 takes about a quarter of a second.
    public var passwordCost: UInt8 = 12
    /// A wrong password, an unknown email or a locked user waits this long for its answer.
    public var failedSignInDelay: Duration = .seconds(1)
    /// A session ends this long after sign-in.
    public var sessionLifetime: TimeInterval = 8 * 3600
    /// Wrong passwords in a row that lock the user, and for how long.
    public var maxFailedSignIns = 5
    public var lockout: TimeInterval = 15 * 60
    /// Failed sign-ins from one client address within `addressWindow` that refuse the address
    /// (every user) until the oldest of them is that old.
    public var maxFailuresPerAddress = 20
    public var addressWindow: TimeInterval = 15 * 60
    /// Marks the session cookie `Secure`, which browsers send only over HTTPS.
    public var secureCookies = false

    public init() {}
}
