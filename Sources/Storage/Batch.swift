import Foundation

/// A settlement batch. Every captured payment joins its merchant's open batch; closing the
/// batch settles them (a settled payment can be refunded but no longer voided).
public struct Batch: Sendable, Equatable, Codable {
    public var id: String
    public var merchantId: String
    public var openedAt: Date
    public var closedAt: Date?
    /// Filled when the batch closes.
    public var transactionCount: Int
    /// Net captured amount per currency code, minor units, filled when the batch closes.
    public var totals: [String: Int64]

    public var isOpen: Bool { closedAt == nil }

    public init(id: String, merchantId: String, openedAt: Date, closedAt: Date? = nil, transactionCount: Int = 0, totals: [String: Int64] = [:]) {
        self.id = id
        self.merchantId = merchantId
        self.openedAt = openedAt
        self.closedAt = closedAt
        self.transactionCount = transactionCount
        self.totals = totals
    }
}
