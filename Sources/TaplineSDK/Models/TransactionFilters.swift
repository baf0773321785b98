import Foundation
import PaymentCore

/// Which transactions ``TaplineClient/getTransactions(filters:)`` returns, and in what order
/// (ARISE `TransactionFilters`, plus status, type, a date range and the merchant's reference).
///
/// The initializer checks every value, so a filter that exists is one the gateway accepts:
/// ```swift
/// let filters = try TransactionFilters(page: 0, pageSize: 20, orderBy: "date", asc: false)
/// ```
public struct TransactionFilters: Sendable, Equatable {
    /// The `orderBy` values the gateway knows, lower-cased (the gateway ignores case).
    /// Those Tapline has no column for (`cardTokenType`, `merchant`, …) sort by date.
    public static let orderByOptions: [String] = [
        "date", "totalamount", "status", "id", "customerpan", "customername", "type",
        "cardtokentype", "paymentmethodtype", "operationmode", "customercompany", "merchant",
    ]

    /// Zero-based page number; the gateway's default is 0.
    public let page: Int?
    /// Items per page, 1–100; the gateway's default is 20.
    public let pageSize: Int?
    /// One of ``orderByOptions``, any case; the gateway's default is `date`.
    public let orderBy: String?
    /// True sorts ascending; the gateway's default is descending.
    public let asc: Bool?
    /// How the transactions were created (ARISE `CreateMethodId`).
    public let createMethodId: CreateMethod?
    /// Who created them: the device id for payments from this SDK, else the API client id.
    public let createdById: String?
    /// The settlement batch they were settled in.
    public let batchId: String?
    /// True: only transactions not settled yet (the open batch).
    public let noBatch: Bool?
    /// Only rows in this status (originals: `captured`, `authorized`…; follow-ups: `approved`…).
    public let status: TransactionStatus?
    /// Only rows of this type (`sale`, `refund`, …).
    public let type: TransactionType?
    /// Created at or after this instant. Sent to the whole second, rounded down.
    public let from: Date?
    /// Created before this instant. Sent to the whole second, rounded down.
    public let to: Date?
    /// The merchant's own reference given when the payment was made.
    public let referenceId: String?

    /// A filter; throws ``TaplineAPIError/badRequest(_:)`` naming the first value the gateway
    /// would refuse (a negative page, a page size outside 1–100, an unknown `orderBy`, an empty
    /// identifier, or `from` not before `to`).
    public init(page: Int? = nil, pageSize: Int? = nil, orderBy: String? = nil, asc: Bool? = nil,
                createMethodId: CreateMethod? = nil, createdById: String? = nil, batchId: String? = nil, noBatch: Bool? = nil,
                status: TransactionStatus? = nil, type: TransactionType? = nil, from: Date? = nil, to: Date? = nil,
                referenceId: String? = nil) throws(TaplineAPIError) {
        if let page, page < 0 { throw .badRequest(.invalidInput("page", "page must be a whole number from 0")) }
        if let pageSize, !(1...100).contains(pageSize) {
            throw .badRequest(.invalidInput("pageSize", "pageSize must be between 1 and 100"))
        }
        if let orderBy, !Self.orderByOptions.contains(orderBy.lowercased()) {
            throw .badRequest(.invalidInput("orderBy", "orderBy must be one of: \(Self.orderByOptions.joined(separator: ", "))"))
        }
        try InputCheck.text(createdById, field: "createdById")
        try InputCheck.text(batchId, field: "batchId")
        try InputCheck.text(referenceId, field: "referenceId")
        if let from, let to, Self.wholeSeconds(from) >= Self.wholeSeconds(to) {
            throw .badRequest(.invalidInput("from", "from must be at least a second before to"))
        }
        self.page = page
        self.pageSize = pageSize
        self.orderBy = orderBy
        self.asc = asc
        self.createMethodId = createMethodId
        self.createdById = createdById
        self.batchId = batchId
        self.noBatch = noBatch
        self.status = status
        self.type = type
        self.from = from
        self.to = to
        self.referenceId = referenceId
    }

    /// The query string, with the names the gateway's list route reads.
    var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        func add(_ name: String, _ value: String?) {
            if let value { items.append(URLQueryItem(name: name, value: value)) }
        }
        add("page", page.map(String.init))
        add("pageSize", pageSize.map(String.init))
        add("orderBy", orderBy)
        add("asc", asc.map { $0 ? "true" : "false" })
        add("createMethodId", createMethodId.map { String($0.rawValue) })
        add("createdById", createdById)
        add("batchId", batchId)
        add("noBatch", noBatch.map { $0 ? "true" : "false" })
        add("status", status?.rawValue)
        add("type", type?.rawValue)
        add("from", from.map(Self.timestamp))
        add("to", to.map(Self.timestamp))
        add("referenceId", referenceId)
        return items
    }

    /// The gateway parses plain ISO 8601 without fractions, so dates go as whole seconds;
    /// rounding both bounds down keeps back-to-back ranges back to back.
    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: wholeSeconds(date)))
    }

    private static func wholeSeconds(_ date: Date) -> TimeInterval { date.timeIntervalSince1970.rounded(.down) }
}
