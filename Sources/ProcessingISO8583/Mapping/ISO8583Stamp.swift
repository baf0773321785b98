import Foundation

/// What makes one request message unique: its STAN (11) and transmission date and time (7,
/// `MMDDhhmmss`, UTC). Fields 12 and 13 repeat the time and date: Tapline keeps no merchant
/// time zone, and one clock for all three keeps them consistent.
///
/// The gateway takes a stamp before it writes the pending operation (``text``, 16 digits,
/// kept on the transaction), so a reversal can name the message even after a crash.
public struct ISO8583Stamp: Sendable, Hashable {
    public let stan: String
    public let transmission: String

    public init(stan: String, at date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        self.stan = stan
        transmission = two(parts.month) + two(parts.day) + two(parts.hour) + two(parts.minute) + two(parts.second)
    }

    /// Reads ``text``: six digits of STAN, ten of date and time; nil for anything else.
    public init?(text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 16, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        stan = String(decoding: digits[0..<6], as: UTF8.self)
        transmission = String(decoding: digits[6..<16], as: UTF8.self)
    }

    /// STAN then transmission date and time: 16 digits.
    public var text: String { stan + transmission }

    /// Field 12, `hhmmss`.
    var localTime: String { String(transmission.suffix(6)) }
    /// Field 13, `MMDD`.
    var localDate: String { String(transmission.prefix(4)) }
}
