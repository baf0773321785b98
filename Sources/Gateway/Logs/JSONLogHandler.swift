import Foundation
import Logging

/// Writes each log event as one JSON object on one line: `timestamp` (ISO 8601, UTC, with
/// milliseconds), `level`, `message`, `label`, then `correlation_id` and `trace_id` when the
/// metadata has them, then every other metadata key in name order, each value a string.
/// A collector can split the lines without knowing our messages: whatever a message or a
/// value holds, the line is valid JSON (``JSONLogLine``).
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let label: String
    private let now: @Sendable () -> Date
    private let write: @Sendable (String) -> Void

    /// `write` receives each line with its newline; by default it goes to standard error,
    /// where the text format writes too.
    public init(
        label: String, now: @escaping @Sendable () -> Date = Date.init,
        write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError
    ) {
        self.label = label
        self.now = now
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        write(JSONLogLine.render(
            timestamp: now(), level: event.level, message: "\(event.message)", label: label, metadata: merged) + "\n")
    }

    /// The whole line in one write, so that lines from several threads never interleave.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }
}
