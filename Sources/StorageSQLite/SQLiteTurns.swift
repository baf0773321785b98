import Foundation
import PaymentCore

/// Whose turn it is on the write connection: first come, first served. Unlike ``AsyncLock``
/// it tells how many wait, so the writer whose turn it is can tell whether anyone would
/// join its group, and it hands the turn on directly.
final class SQLiteTurns: Sendable {
    private let state = LockedBox((taken: false, waiting: [CheckedContinuation<Void, Never>]()))

    /// How many wait for a turn.
    var waiting: Int {
        state.withLock { $0.waiting.count }
    }

    /// Returns once it is the caller's turn.
    func take() async {
        guard !tryTake() else { return }
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let free = state.withLock { state -> Bool in
                guard state.taken else {
                    state.taken = true
                    return true
                }
                state.waiting.append(waiter)
                return false
            }
            if free { waiter.resume() }
        }
    }

    /// Hands the turn to the first waiting, or frees it.
    func pass() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.taken = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }

    private func tryTake() -> Bool {
        state.withLock { state in
            guard !state.taken else { return false }
            state.taken = true
            return true
        }
    }
}
