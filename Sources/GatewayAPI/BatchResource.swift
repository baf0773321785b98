import Foundation

/// A settlement batch as the API shows it.
public struct BatchResource: Codable, Sendable, Equatable {
    public var id: String
    /// "open" or "closed".
    public var status: String
    public var openedAt: Date
    public var closedAt: Date?
    /// "request" (`POST /v1/batches/close`) or "schedule" (a settlement time slot); nil while open.
    public var closedBy: String?
    /// The settlement time slot a scheduled close was for.
    public var scheduledFor: Date?
    public var transactionCount: Int
    /// Net captured per currency code, minor units.
    public var totals: [String: Int64]
    /// Net per card brand ("visa", …) and currency.
    public var byCardBrand: [BatchSubtotalResource]
    /// Net per kind of movement ("sale", "capture", "refund") and currency.
    public var byType: [BatchSubtotalResource]
    /// The acquirer's answer to the closed batch's totals; nil with no acquirer link (the
    /// simulator) and while open.
    public var reconciliation: BatchReconciliationResource?

    public init(
        id: String, status: String, openedAt: Date, closedAt: Date?, closedBy: String? = nil, scheduledFor: Date? = nil,
        transactionCount: Int, totals: [String: Int64], byCardBrand: [BatchSubtotalResource] = [], byType: [BatchSubtotalResource] = [],
        reconciliation: BatchReconciliationResource? = nil
    ) {
        self.id = id
        self.status = status
        self.openedAt = openedAt
        self.closedAt = closedAt
        self.closedBy = closedBy
        self.scheduledFor = scheduledFor
        self.transactionCount = transactionCount
        self.totals = totals
        self.byCardBrand = byCardBrand
        self.byType = byType
        self.reconciliation = reconciliation
    }
}

/// One line of a batch's breakdown: a group's count and net amount (minor units; refunds negative).
public struct BatchSubtotalResource: Codable, Sendable, Equatable {
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

/// `GET /v1/batches`.
public struct BatchList: Codable, Sendable, Equatable {
    public var items: [BatchResource]
    public init(items: [BatchResource]) { self.items = items }
}

/// `GET /health`.
public struct HealthResponse: Codable, Sendable, Equatable {
    public var status: String
    public var version: String
    public init(status: String, version: String) {
        self.status = status
        self.version = version
    }
}
