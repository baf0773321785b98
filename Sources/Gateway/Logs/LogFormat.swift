/// How `tapline serve` writes its log lines (`--log-format`, `TAPLINE_LOG_FORMAT`).
public enum LogFormat: String, Sendable, CaseIterable {
    /// swift-log's own lines, for a person reading a terminal (the default).
    case text
    /// One JSON object per line (``JSONLogHandler``), for a machine that collects logs.
    case json
}
