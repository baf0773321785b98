import Foundation

/// One day's payments of a merchant in one currency (UTC days): what was approved (the
/// approved amounts of payments made that day), declined, and refunded (approved refunds
/// made that day). Amounts in minor units.
public struct DailyVolume: Sendable, Equatable {
    /// Days since 1970-01-01 (UTC).
    public var day: Int64
    public var approvedAmount: Int64 = 0
    public var approvedCount: Int64 = 0
    public var declinedAmount: Int64 = 0
    public var declinedCount: Int64 = 0
    public var refundedAmount: Int64 = 0
    public var refundedCount: Int64 = 0

    public init(day: Int64) { self.day = day }

    public static let millisecondsPerDay: Int64 = 86_400_000

    /// The statuses of a payment the processor approved, whatever happened to it since.
    public static let approvedStatuses: [String] = [
        "authorized", "captured", "voided", "expired", "refunded", "verified", "scheduled", "heldByProcessor", "inProgress",
        "cleared", "cancelled", "chargedBack",
    ]
}
