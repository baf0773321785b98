import Foundation

/// One thing a dashboard user did (signed in, refunded, closed a batch…), for the merchant's
/// audit list: who, what, on which object, when.
public struct DashboardAuditEntry: Sendable, Equatable {
    public var id: String
    public var merchantId: String
    public var userId: String
    /// The user's email when it happened, so the list reads without a join.
    public var userEmail: String
    /// What was done, e.g. "sign-in", "refund".
    public var action: String
    /// The object acted on (a transaction or batch id), if any.
    public var subjectId: String?
    /// A short human detail ("1000 USD").
    public var detail: String?
    public var at: Date

    public init(
        id: String, merchantId: String, userId: String, userEmail: String, action: String, subjectId: String? = nil,
        detail: String? = nil, at: Date
    ) {
        self.id = id
        self.merchantId = merchantId
        self.userId = userId
        self.userEmail = userEmail
        self.action = action
        self.subjectId = subjectId
        self.detail = detail
        self.at = at
    }
}
