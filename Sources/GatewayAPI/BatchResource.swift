import Foundation

/// A settlement batch as the API shows it.
public struct BatchResource: Codable, Sendable, Equatable {
    public var id: String
    /// "open" or "closed".
    public var status: String
    public var openedAt: Date
    public var closedAt: Date?
    public var transactionCount: Int
    /// Net captured per currency code, minor units.
    public var totals: [String: Int64]

    public init(id: String, status: String, openedAt: Date, closedAt: Date?, transactionCount: Int, totals: [String: Int64]) {
        self.id = id
        self.status = status
        self.openedAt = openedAt
        self.closedAt = closedAt
        self.transactionCount = transactionCount
        self.totals = totals
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
