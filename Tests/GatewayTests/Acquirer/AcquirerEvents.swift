import Logging
import Testing
import TestSupport

/// What the acquirer link did, as it happens on any thread: its log lines and its status
/// changes, with waits for a condition over them. The acquirer tests synchronise on these,
/// never on sleeps or elapsed time.
final class AcquirerEvents: Sendable {
    /// One log line of the link or its processor.
    struct Line: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private struct Waiter {
        let id: Int
        let condition: @Sendable (AcquirerEvents.Snapshot) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    /// Everything seen so far.
    struct Snapshot: Sendable {
        var lines: [Line] = []
        /// Whether the link had a connection up, after each change.
        var statuses: [Bool] = []

        /// Lines with `message`.
        func lines(_ message: String) -> [Line] { lines.filter { $0.message == message } }
    }

    private struct State {
        var snapshot = Snapshot()
        var waiters: [Waiter] = []
        var lastWaiterID = 0
    }

    private let state = Locked(State())

    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    func log(_ line: Line) { change { $0.lines.append(line) } }

    func status(isUp: Bool) { change { $0.statuses.append(isUp) } }

    /// Returns once `condition` holds (at once if it already does). `limit` is a watchdog,
    /// not a synchroniser: when it passes, the wait records an issue naming `what` and
    /// returns, so that a broken link fails the test instead of hanging it.
    @discardableResult
    func wait(for what: String, limit: Duration = .seconds(180), sourceLocation: SourceLocation = #_sourceLocation,
              until condition: @escaping @Sendable (Snapshot) -> Bool) async -> Snapshot {
        let id = state.withLock { state in
            state.lastWaiterID += 1
            return state.lastWaiterID
        }
        let watchdog = Task {
            try await Task.sleep(for: limit)
            expire(id)
        }
        let met = await withCheckedContinuation { continuation in
            let now: Bool = state.withLock { state in
                if condition(state.snapshot) { return true }
                state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                return false
            }
            if now { continuation.resume(returning: true) }
        }
        watchdog.cancel()
        if !met { Issue.record("gave up waiting for \(what)", sourceLocation: sourceLocation) }
        return snapshot
    }

    private func change(_ body: (inout Snapshot) -> Void) {
        let ready: [Waiter] = state.withLock { state in
            body(&state.snapshot)
            let snapshot = state.snapshot
            let ready = state.waiters.filter { $0.condition(snapshot) }
            state.waiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    private func expire(_ id: Int) {
        let waiter: Waiter? = state.withLock { state in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }
}

/// Sends every log event to ``AcquirerEvents`` and, as text, to a ``LogCapture``.
struct AcquirerLogHandler: LogHandler {
    let events: AcquirerEvents
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        events.log(AcquirerEvents.Line(level: event.level, message: "\(event.message)",
                                       metadata: merged.mapValues { "\($0)" }))
        var text = CapturingLogHandler(capture: capture)
        text.metadata = metadata
        text.log(event: event)
    }
}
