import Logging

/// Keeps every log line (message and metadata) so tests can scan them.
public final class LogCapture: Sendable {
    private let lines = Locked<[String]>([])

    public init() {}

    public func append(_ line: String) { lines.withLock { $0.append(line) } }
    public var all: [String] { lines.withLock { $0 } }
}

/// Sends every log event to a ``LogCapture``.
public struct CapturingLogHandler: LogHandler {
    public let capture: LogCapture
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    public init(capture: LogCapture) { self.capture = capture }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        capture.append("\(event.level) \(event.message) \(merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
    }
}
