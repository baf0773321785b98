import Foundation

/// A merchant: the tenant every other record belongs to.
public struct Merchant: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    /// How long an authorization holds before it expires, in seconds (7 days by default).
    public var authorizationWindow: TimeInterval
    /// Pricing, tips and the other payment options: the one source of the suggested tips.
    public var paymentSettings: PaymentSettings
    /// Address and contact details for receipts.
    public var profile: MerchantProfile = MerchantProfile()
    public var createdAt: Date

    public static let defaultAuthorizationWindow: TimeInterval = 7 * 24 * 3600

    public init(
        id: String, name: String, authorizationWindow: TimeInterval = Merchant.defaultAuthorizationWindow,
        paymentSettings: PaymentSettings = PaymentSettings(), createdAt: Date
    ) {
        self.id = id
        self.name = name
        self.authorizationWindow = authorizationWindow
        self.paymentSettings = paymentSettings
        self.createdAt = createdAt
    }
}
