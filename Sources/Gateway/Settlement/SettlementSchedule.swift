import Foundation
import Storage

/// When a merchant's batch is due to close: the instants of its settlement time slots, each
/// a local time of day in its own IANA time zone.
///
/// Daylight-saving changes follow one rule each way. A slot inside the hour that is skipped
/// in spring closes at the moment the clocks jump (02:30 on a 02:00 → 03:00 night closes at
/// 03:00 new time). A slot inside the hour that repeats in autumn closes at its first
/// occurrence only. Either way there is exactly one close per slot per local day.
enum SettlementSchedule {
    /// The latest slot instant at or before `now`, among every slot; nil when there are none.
    static func latestSlot(atOrBefore now: Date, slots: [SettlementTime]) -> Date? {
        slots.compactMap { latestInstant(of: $0, atOrBefore: now) }.max()
    }

    /// The latest instant of one slot at or before `now`: today's in the slot's zone, else
    /// yesterday's (or the day before, around a daylight-saving change).
    static func latestInstant(of slot: SettlementTime, atOrBefore now: Date) -> Date? {
        guard slot.isValid, let zone = TimeZone(identifier: slot.timeZone) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        for daysBack in 0...2 {
            guard let day = calendar.date(byAdding: .day, value: -daysBack, to: now) else { continue }
            let date = calendar.dateComponents([.year, .month, .day], from: day)
            guard let year = date.year, let month = date.month, let dayOfMonth = date.day,
                  let instant = instant(year: year, month: month, day: dayOfMonth, hours: slot.hours, minutes: slot.minutes, in: zone),
                  instant <= now else { continue }
            return instant
        }
        return nil
    }

    /// The instant a local wall-clock time names in `zone`: the first one when the time
    /// repeats, the jump when the time is skipped.
    static func instant(year: Int, month: Int, day: Int, hours: Int, minutes: Int, in zone: TimeZone) -> Date? {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        // The wall-clock time read as if it were UTC; the zone's offset turns it into an instant.
        guard let wall = utc.date(from: DateComponents(year: year, month: month, day: day, hour: hours, minute: minutes)) else {
            return nil
        }
        let oneDay: TimeInterval = 86_400
        let offsets = Set([zone.secondsFromGMT(for: wall - oneDay), zone.secondsFromGMT(for: wall + oneDay)])
        let matches = offsets
            .map { wall - TimeInterval($0) }
            .filter { zone.secondsFromGMT(for: $0) == Int(wall.timeIntervalSince($0)) }
        if let first = matches.min() { return first }
        // No offset gives this wall time: it falls in the skipped hour. The jump is the first
        // transition after the wall time read with the later (larger) offset.
        guard let larger = offsets.max() else { return nil }
        return zone.nextDaylightSavingTimeTransition(after: wall - TimeInterval(larger))
    }
}
