import Foundation

/// Filters and page of a merchant's event list, newest first (ties by id, descending).
public struct WebhookEventQuery: Sendable, Equatable {
    public var merchantId: String
    /// Zero-based page number.
    public var page: Int = 0
    public var pageSize: Int = 20
    public var type: String?
    public var transactionId: String?
    /// Inclusive lower bound of `createdAt`.
    public var createdFrom: Date?
    /// Exclusive upper bound of `createdAt`.
    public var createdTo: Date?

    public init(merchantId: String) { self.merchantId = merchantId }

    /// Rows to skip and to return; nonsense pages answer an empty page.
    public var pageWindow: (offset: Int, limit: Int) {
        let limit = max(0, pageSize)
        let (offset, overflow) = max(0, page).multipliedReportingOverflow(by: limit)
        return (overflow ? Int.max : offset, limit)
    }
}

/// One page of events and the number of all matches.
public struct WebhookEventPage: Sendable, Equatable {
    public var items: [WebhookEvent]
    public var total: Int

    public init(items: [WebhookEvent], total: Int) {
        self.items = items
        self.total = total
    }
}
