import Foundation
import Storage
import Testing

@testable import Gateway

/// Settlement slots as instants: local times in IANA zones, across daylight-saving changes.
@Suite("Settlement schedule")
struct SettlementScheduleTests {
    static let newYork = "America/New_York"

    /// An ISO 8601 instant, e.g. "2026-03-08T07:00:00Z".
    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func aSlotOnAnOrdinaryDayIsTodaysOnceItHasPassedElseYesterdays() {
        let slot = SettlementTime(hours: 23, minutes: 0, timeZone: Self.newYork)
        // 23:00 EDT on 15 June is 03:00Z on the 16th.
        #expect(SettlementSchedule.latestInstant(of: slot, atOrBefore: Self.at("2026-06-16T03:00:00Z")) == Self.at("2026-06-16T03:00:00Z"))
        #expect(SettlementSchedule.latestInstant(of: slot, atOrBefore: Self.at("2026-06-16T02:59:59Z")) == Self.at("2026-06-15T03:00:00Z"))
        // In winter the same local time is an hour later in UTC.
        #expect(SettlementSchedule.latestInstant(of: slot, atOrBefore: Self.at("2026-01-16T05:00:00Z")) == Self.at("2026-01-16T04:00:00Z"))
    }

    @Test func aSlotInTheSkippedSpringHourClosesWhenTheClocksJump() {
        // 8 March 2026: New York goes from 02:00 EST straight to 03:00 EDT (07:00Z); 02:30 does not exist.
        let slot = SettlementTime(hours: 2, minutes: 30, timeZone: Self.newYork)
        #expect(SettlementSchedule.latestInstant(of: slot, atOrBefore: Self.at("2026-03-08T07:30:00Z")) == Self.at("2026-03-08T07:00:00Z"))
        #expect(SettlementSchedule.latestInstant(of: slot, atOrBefore: Self.at("2026-03-08T06:59:59Z")) == Self.at("2026-03-07T07:30:00Z"))
        // The next day it is 02:30 EDT again.
        #expect(SettlementSchedule.latestInstant(of: slot, atOrBefore: Self.at("2026-03-09T07:00:00Z")) == Self.at("2026-03-09T06:30:00Z"))
    }

    @Test func aSlotInTheRepeatedAutumnHourClosesAtItsFirstOccurrenceOnly() {
        // 1 November 2026: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
        let slot = SettlementTime(hours: 1, minutes: 30, timeZone: Self.newYork)
        #expect(SettlementSchedule.latestInstant(of: slot, atOrBefore: Self.at("2026-11-01T05:30:00Z")) == Self.at("2026-11-01T05:30:00Z"))
        #expect(SettlementSchedule.latestInstant(of: slot, atOrBefore: Self.at("2026-11-01T06:45:00Z")) == Self.at("2026-11-01T05:30:00Z"))
        #expect(SettlementSchedule.latestInstant(of: slot, atOrBefore: Self.at("2026-11-02T06:30:00Z")) == Self.at("2026-11-02T06:30:00Z"))
    }

    @Test func theLatestOfSeveralSlotsInDifferentZonesWins() {
        let slots = [
            SettlementTime(hours: 23, minutes: 0, timeZone: "UTC"),
            SettlementTime(hours: 9, minutes: 15, timeZone: "Asia/Tokyo"),  // 00:15Z
            SettlementTime(hours: 12, minutes: 0, timeZone: "Europe/London"),  // 11:00Z in summer
        ]
        #expect(SettlementSchedule.latestSlot(atOrBefore: Self.at("2026-07-01T10:00:00Z"), slots: slots) == Self.at("2026-07-01T00:15:00Z"))
        #expect(SettlementSchedule.latestSlot(atOrBefore: Self.at("2026-07-01T11:00:00Z"), slots: slots) == Self.at("2026-07-01T11:00:00Z"))
        #expect(SettlementSchedule.latestSlot(atOrBefore: Self.at("2026-07-01T23:30:00Z"), slots: slots) == Self.at("2026-07-01T23:00:00Z"))
    }

    @Test func noSlotsOrAnUnknownZoneGiveNoInstant() {
        #expect(SettlementSchedule.latestSlot(atOrBefore: Self.at("2026-07-01T10:00:00Z"), slots: []) == nil)
        let unknown = SettlementTime(hours: 1, minutes: 0, timeZone: "Mars/Olympus_Mons")
        #expect(SettlementSchedule.latestSlot(atOrBefore: Self.at("2026-07-01T10:00:00Z"), slots: [unknown]) == nil)
    }

    @Test func aZoneWithAHalfHourOffsetAndTheDateLine() {
        // Adelaide is UTC+10:30 in January (daylight time); Kiritimati is UTC+14.
        let adelaide = SettlementTime(hours: 0, minutes: 0, timeZone: "Australia/Adelaide")
        #expect(SettlementSchedule.latestInstant(of: adelaide, atOrBefore: Self.at("2026-01-15T14:00:00Z")) == Self.at("2026-01-15T13:30:00Z"))
        let kiritimati = SettlementTime(hours: 6, minutes: 0, timeZone: "Pacific/Kiritimati")
        #expect(SettlementSchedule.latestInstant(of: kiritimati, atOrBefore: Self.at("2026-01-15T16:00:00Z")) == Self.at("2026-01-15T16:00:00Z"))
    }
}
