import PaymentCore
import Testing

/// Events recorded as they happen on any thread, and waits for a condition over them: the
/// link tests synchronise on what the host or the link did, never on sleeps.
final class EventLog<Event: Sendable>: Sendable {
    private struct Waiter {
        let id: Int
        let condition: @Sendable ([Event]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var events: [Event] = []
        var waiters: [Waiter] = []
        var lastWaiterID = 0
    }

    private let state = LockedBox(State())

    var all: [Event] { state.withLock { $0.events } }

    func append(_ event: Event) {
        let ready: [Waiter] = state.withLock { state in
            state.events.append(event)
            let events = state.events
            let ready = state.waiters.filter { $0.condition(events) }
            state.waiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    /// Returns the events once `condition` holds over them (at once if it already does).
    /// `limit` is a watchdog, not a synchroniser: when it passes, the wait records an issue
    /// naming `what` and returns, so that a broken link fails the test instead of hanging it.
    @discardableResult
    func wait(
        for what: String, limit: Duration = .seconds(180), sourceLocation: SourceLocation = #_sourceLocation,
        until condition: @escaping @Sendable ([Event]) -> Bool
    ) async -> [Event] {
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
                if condition(state.events) { return true }
                state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                return false
            }
            if now { continuation.resume(returning: true) }
        }
        watchdog.cancel()
        if !met { Issue.record("gave up waiting for \(what)", sourceLocation: sourceLocation) }
        return all
    }

    private func expire(_ id: Int) {
        let waiter: Waiter? = state.withLock { state in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }
}
