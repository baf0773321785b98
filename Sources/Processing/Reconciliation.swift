import PaymentCore

/// A batch's totals for one acquirer terminal and currency, as the gateway counted them,
/// for the acquirer to compare with its own when the batch closes.
public struct ReconciliationRequest: Sendable, Equatable {
    public var acquirer: AcquirerIdentity
    public var currency: Currency
    public var captureCount: Int
    /// Minor units.
    public var captureTotal: Int64
    public var refundCount: Int
    /// Minor units.
    public var refundTotal: Int64
    /// The name ``PaymentProcessor/prepareTrace(acquirer:)`` gave the message before it was
    /// first sent; sending again with the same trace is a repeat the acquirer answers once.
    public var trace: String?

    public init(acquirer: AcquirerIdentity, currency: Currency, captureCount: Int, captureTotal: Int64, refundCount: Int, refundTotal: Int64,
                trace: String? = nil) {
        self.acquirer = acquirer
        self.currency = currency
        self.captureCount = captureCount
        self.captureTotal = captureTotal
        self.refundCount = refundCount
        self.refundTotal = refundTotal
        self.trace = trace
    }
}

/// The acquirer's answer to a reconciliation: whether its totals agree, and what they are.
public struct ReconciliationResult: Sendable, Equatable {
    /// "00" when the totals agree, "95" (reconcile error) when they do not.
    public var responseCode: String
    public var agreed: Bool { responseCode == "00" }
    /// The acquirer's own totals, when it sent them.
    public var hostCaptureCount: Int?
    public var hostCaptureTotal: Int64?
    public var hostRefundCount: Int?
    public var hostRefundTotal: Int64?

    public init(responseCode: String, hostCaptureCount: Int? = nil, hostCaptureTotal: Int64? = nil,
                hostRefundCount: Int? = nil, hostRefundTotal: Int64? = nil) {
        self.responseCode = responseCode
        self.hostCaptureCount = hostCaptureCount
        self.hostCaptureTotal = hostCaptureTotal
        self.hostRefundCount = hostRefundCount
        self.hostRefundTotal = hostRefundTotal
    }
}
