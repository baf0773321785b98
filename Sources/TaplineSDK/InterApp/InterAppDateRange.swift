/// The window a `capture_pre_auth` or `cancel` request's search is limited to, from
/// `txnDateFrom` to `txnDateTo`, both inclusive.
public struct InterAppDateRange: Sendable, Hashable {
    /// The earliest transaction date that matches (`txnDateFrom`).
    public let from: InterAppTimestamp
    /// The latest transaction date that matches (`txnDateTo`, or the moment the request was
    /// read when the caller gave only `txnDateFrom`).
    public let to: InterAppTimestamp

    /// A window; refused when `from` is later than `to`, since nothing could match it.
    public init(from: InterAppTimestamp, to: InterAppTimestamp) throws(InterAppError) {
        guard !from.isLater(than: to) else {
            throw .dateRangeReversed(from: from.iso8601String, to: to.iso8601String)
        }
        self.from = from
        self.to = to
    }

    /// Whether `timestamp` falls inside the window.
    public func contains(_ timestamp: InterAppTimestamp) -> Bool {
        !from.isLater(than: timestamp) && !timestamp.isLater(than: to)
    }
}
