import Logging

/// One log line the link wrote.
struct LinkLogLine: Sendable, CustomStringConvertible {
    let level: Logger.Level
    let message: String
    let metadata: [String: String]

    var description: String {
        "\(level) \(message) \(metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))"
    }
}

/// Sends every log event of the link under test to an ``EventLog``, so a test can wait for
/// a line and check what was (never) written.
struct LinkLogHandler: LogHandler {
    let lines: EventLog<LinkLogLine>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.append(LinkLogLine(
            level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
    }
}
