import Foundation

/// A time of day the batch closes, in an IANA time zone (ARISE `SettlementBatchTimeSlot`).
public struct SettlementTime: Sendable, Equatable, Codable {
    /// 0–23.
    public var hours: Int
    /// 0–59.
    public var minutes: Int
    /// IANA name, e.g. "America/New_York".
    public var timeZone: String

    public init(hours: Int, minutes: Int, timeZone: String) {
        self.hours = hours
        self.minutes = minutes
        self.timeZone = timeZone
    }

    /// Whether hours, minutes and the time zone name make a time of day somewhere.
    public var isValid: Bool {
        (0...23).contains(hours) && (0...59).contains(minutes) && TimeZone(identifier: timeZone) != nil
    }
}
