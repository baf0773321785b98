import Foundation
import GatewayAPI

/// One page of the transaction list (ARISE `TransactionsResponse`).
public struct TransactionsResponse: Sendable, Equatable {
    /// The page's transactions, in the order asked for.
    public var items: [TransactionSummary]
    /// How many transactions match the filters, over all pages.
    public var total: Int
    /// The zero-based page number this is.
    public var page: Int
    /// The page size used.
    public var pageSize: Int

    init(_ list: TransactionList) throws(TaplineAPIError) {
        var items: [TransactionSummary] = []
        items.reserveCapacity(list.items.count)
        for resource in list.items { items.append(try TransactionSummary(resource)) }
        self.items = items
        total = list.total
        page = list.page
        pageSize = list.pageSize
    }
}
