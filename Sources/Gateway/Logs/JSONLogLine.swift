import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of one JSON log line (``JSONLogHandler``), built by hand so that the fields keep
/// their order and every string is escaped as RFC 8259 says.
enum JSONLogLine {
    /// Fields the line always has; a metadata key with one of these names is written as
    /// `metadata_<name>`, so that no key appears twice.
    static let fixedKeys: Set<String> = ["timestamp", "level", "message", "label"]
    /// Metadata written right after the fixed fields, when present.
    static let leadingKeys = ["correlation_id", "trace_id"]

    static func render(timestamp: Date, level: Logger.Level, message: String, label: String, metadata: Logger.Metadata) -> String {
        var fields: [(String, String)] = [
            ("timestamp", iso8601(timestamp)), ("level", level.rawValue), ("message", message), ("label", label),
        ]
        for key in leadingKeys { if let value = metadata[key] { fields.append((key, "\(value)")) } }
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) where !leadingKeys.contains(key) {
            fields.append((fixedKeys.contains(key) ? "metadata_\(key)" : key, "\(value)"))
        }
        return "{" + fields.map { "\(quoted($0.0)):\(quoted($0.1))" }.joined(separator: ",") + "}"
    }

    /// `"text"` with quotes, backslashes and every control character escaped; other
    /// characters, non-ASCII ones too, are written as they are (the line is UTF-8).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `2026-11-27T14:05:00.125Z`: UTC, milliseconds (truncated), as collectors expect.
    static func iso8601(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient)
        var remainder = Int(milliseconds - Int64(seconds) * 1000)
        if remainder < 0 { remainder += 1000; seconds -= 1 }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), remainder)
    }
}
