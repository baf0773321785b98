import PaymentCore

/// One page of a merchant's disputes, newest first, filtered by status or payment.
public struct DisputeQuery: Sendable, Equatable {
    public var merchantId: String
    public var status: DisputeStatus?
    public var paymentId: String?
    /// 0-based page of `pageSize` disputes.
    public var page: Int
    public var pageSize: Int

    public init(merchantId: String, status: DisputeStatus? = nil, paymentId: String? = nil, page: Int = 0, pageSize: Int = 25) {
        self.merchantId = merchantId
        self.status = status
        self.paymentId = paymentId
        self.page = page
        self.pageSize = pageSize
    }
}

/// A page of disputes and how many match in all.
public struct DisputePage: Sendable, Equatable {
    public var disputes: [Dispute]
    public var total: Int

    public init(disputes: [Dispute], total: Int) {
        self.disputes = disputes
        self.total = total
    }
}
