import Foundation

/// A merchant: the tenant every other record belongs to.
public struct Merchant: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    /// How long an authorization holds before it expires, in seconds (7 days by default).
    public var authorizationWindow: TimeInterval
    /// Suggested tip percentages offered on tip adjust (e.g. 15, 18, 20).
    public var tipPercentages: [Int]
    public var createdAt: Date

    public static let defaultAuthorizationWindow: TimeInterval = 7 * 24 * 3600

    public init(
        id: String, name: String, authorizationWindow: TimeInterval = Merchant.defaultAuthorizationWindow,
        tipPercentages: [Int] = [15, 18, 20], createdAt: Date
    ) {
        self.id = id
        self.name = name
        self.authorizationWindow = authorizationWindow
        self.tipPercentages = tipPercentages
        self.createdAt = createdAt
    }
}
