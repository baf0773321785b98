import Foundation

/// Whether the acquirer's books agree with a closed batch: our totals per acquirer terminal
/// and currency, sent in an ISO 8583 0500, and what its 0510 answered.
public struct BatchReconciliationResource: Codable, Sendable, Equatable {
    /// `pending` (no answer yet; the gateway sends again), `agreed`, or `mismatch`.
    public var status: String
    /// How many times the totals were sent (or a send was tried).
    public var attempts: Int
    /// Why the last try got no answer, while pending.
    public var lastError: String?
    public var reconciledAt: Date?
    public var lines: [Line]

    /// One acquirer terminal and currency.
    public struct Line: Codable, Sendable, Equatable {
        /// The acquirer link the totals went to: the `paymentProcessorId` of its payments.
        public var paymentProcessorId: String?
        /// Fields 42 and 41 the totals went to.
        public var acquirerMerchantId: String
        public var acquirerTerminalId: String
        public var currency: String
        /// Captured payments and their total (minor units), as the gateway counted them.
        public var captureCount: Int
        public var captureTotal: Int64
        /// Approved refunds and their total (minor units, positive).
        public var refundCount: Int
        public var refundTotal: Int64
        /// The acquirer's field 39: `00` agreed, `95` its totals differ; nil before it answered.
        public var responseCode: String?
        /// The acquirer's own totals, when it sent them.
        public var acquirerCaptureCount: Int?
        public var acquirerCaptureTotal: Int64?
        public var acquirerRefundCount: Int?
        public var acquirerRefundTotal: Int64?

        public init(acquirerMerchantId: String, acquirerTerminalId: String, currency: String, captureCount: Int, captureTotal: Int64,
                    refundCount: Int, refundTotal: Int64, responseCode: String? = nil, acquirerCaptureCount: Int? = nil,
                    acquirerCaptureTotal: Int64? = nil, acquirerRefundCount: Int? = nil, acquirerRefundTotal: Int64? = nil) {
            self.acquirerMerchantId = acquirerMerchantId
            self.acquirerTerminalId = acquirerTerminalId
            self.currency = currency
            self.captureCount = captureCount
            self.captureTotal = captureTotal
            self.refundCount = refundCount
            self.refundTotal = refundTotal
            self.responseCode = responseCode
            self.acquirerCaptureCount = acquirerCaptureCount
            self.acquirerCaptureTotal = acquirerCaptureTotal
            self.acquirerRefundCount = acquirerRefundCount
            self.acquirerRefundTotal = acquirerRefundTotal
        }
    }

    public init(status: String, attempts: Int, lastError: String?, reconciledAt: Date?, lines: [Line]) {
        self.status = status
        self.attempts = attempts
        self.lastError = lastError
        self.reconciledAt = reconciledAt
        self.lines = lines
    }
}
