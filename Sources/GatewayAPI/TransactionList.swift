/// `GET /v1/transactions`: one page and the total number of matches.
public struct TransactionList: Codable, Sendable, Equatable {
    public var items: [TransactionResource]
    public var total: Int
    public var page: Int
    public var pageSize: Int

    public init(items: [TransactionResource], total: Int, page: Int, pageSize: Int) {
        self.items = items
        self.total = total
        self.page = page
        self.pageSize = pageSize
    }
}
