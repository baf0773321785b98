import Foundation

/// A settlement batch. Every captured payment joins its merchant's open batch; closing the
/// batch settles them (a settled payment can be refunded but no longer voided).
public struct Batch: Sendable, Equatable, Codable {
    /// What closed a batch.
    public enum CloseReason: String, Sendable, Codable {
        /// `POST /v1/batches/close`.
        case request
        /// One of the merchant's settlement time slots.
        case schedule
    }

    public var id: String
    public var merchantId: String
    public var openedAt: Date
    public var closedAt: Date?
    public var closeReason: CloseReason?
    /// The settlement slot a scheduled close was for (the close itself runs a little later).
    public var scheduledFor: Date?
    /// Filled when the batch closes.
    public var transactionCount: Int
    /// Net captured amount per currency code, minor units, filled when the batch closes.
    public var totals: [String: Int64]
    /// Net amounts per card brand and currency, filled when the batch closes.
    public var byCardBrand: [BatchSubtotal]
    /// Net amounts per kind of money movement (sale, capture, refund) and currency.
    public var byType: [BatchSubtotal]
    /// The acquirer's view of the totals, for a batch closed through an acquirer link.
    public var reconciliation: BatchReconciliation?

    public var isOpen: Bool { closedAt == nil }

    public init(
        id: String, merchantId: String, openedAt: Date, closedAt: Date? = nil, closeReason: CloseReason? = nil,
        scheduledFor: Date? = nil, transactionCount: Int = 0, totals: [String: Int64] = [:],
        byCardBrand: [BatchSubtotal] = [], byType: [BatchSubtotal] = [], reconciliation: BatchReconciliation? = nil
    ) {
        self.id = id
        self.merchantId = merchantId
        self.openedAt = openedAt
        self.closedAt = closedAt
        self.closeReason = closeReason
        self.scheduledFor = scheduledFor
        self.transactionCount = transactionCount
        self.totals = totals
        self.byCardBrand = byCardBrand
        self.byType = byType
        self.reconciliation = reconciliation
    }
}

/// One line of a batch's breakdown: how many members of a group (a card brand, or a kind of
/// movement) in one currency, and their net amount in minor units (refunds count negative).
public struct BatchSubtotal: Sendable, Equatable, Codable {
    public var name: String
    public var currency: String
    public var count: Int
    public var amount: Int64

    public init(name: String, currency: String, count: Int, amount: Int64) {
        self.name = name
        self.currency = currency
        self.count = count
        self.amount = amount
    }
}
