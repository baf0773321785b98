import NIOCore
import PaymentCore

/// The requests waiting for their answers, across all connections, keyed the way an answer
/// is matched: terminal id (41) and STAN (11), or STAN alone for network messages.
///
/// Every entry is resumed exactly once: by its answer, a response of the wrong type, its
/// timeout, its connection closing or its caller's cancellation, whichever comes first; the others find it gone. Entries
/// carry a token so that a stale timeout cannot fail a later request that reuses the key.
final class ISO8583PendingTable: Sendable {
    typealias Outcome = Result<ISO8583Message, ISO8583LinkError>
    typealias Waiter = CheckedContinuation<Outcome, Never>

    /// What an answer is matched by.
    struct Key: Hashable, Sendable {
        /// Field 41 without its padding ("TERM1   " and "TERM1" are the same terminal); nil
        /// for messages without 41.
        let terminal: String?
        /// Field 11 as a number ("42" and "000042" are the same STAN).
        let stan: Int

        /// Nil when `message` has no numeric field 11.
        init?(_ message: ISO8583Message) {
            guard let stan = message[field: 11]?.text.flatMap({ Int($0) }) else { return nil }
            self.stan = stan
            terminal = message[field: 41].map { value in
                var text = Substring(value.text ?? "")
                while text.last == " " { text.removeLast() }
                return String(text)
            }
        }
    }

    private struct Entry {
        let token: UInt64
        let responseType: ISO8583MTI
        let connection: Int
        let waiter: Waiter
        var timer: Scheduled<Void>?
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var lastToken: UInt64 = 0
    }

    private let state = LockedBox(State())

    /// A token no other entry had.
    func makeToken() -> UInt64 {
        state.withLock { state in
            state.lastToken += 1
            return state.lastToken
        }
    }

    /// Adds a waiting request; false, with nothing added, when one with the same key waits.
    func register(_ key: Key, token: UInt64, responseType: ISO8583MTI, connection: Int, waiter: Waiter) -> Bool {
        state.withLock { state in
            guard state.entries[key] == nil else { return false }
            state.entries[key] = Entry(token: token, responseType: responseType, connection: connection, waiter: waiter)
            return true
        }
    }

    /// Keeps `timer` with its entry, to cancel it when the answer comes first; cancels it at
    /// once if the entry is already gone.
    func attach(_ timer: Scheduled<Void>, to key: Key, token: UInt64) {
        let attached = state.withLock { state in
            guard state.entries[key]?.token == token else { return false }
            state.entries[key]?.timer = timer
            return true
        }
        if !attached { timer.cancel() }
    }

    /// What became of a message the host sent.
    enum Resolution: Equatable {
        /// It was the answer a request waited for; the request has it.
        case answered
        /// A response with a waiting request's terminal id and STAN but not the type that
        /// request expects: the request fails at once with ``ISO8583LinkError/wrongResponseType``,
        /// since its answer can no longer be trusted (docs/iso8583.md, "Matching").
        case refused(expected: ISO8583MTI)
        /// Nobody waits for it: unknown STAN, timed out already, a second answer, or not a
        /// response.
        case unmatched
    }

    /// Hands `response` to the request it answers, or fails that request when `response` has
    /// its key but the wrong type.
    func resolve(_ response: ISO8583Message) -> Resolution {
        guard let key = Key(response) else { return .unmatched }
        let entry: Entry? = state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            // A host's own request (its 0800) that happens to share a STAN answers nothing.
            guard entry.responseType == response.mti || response.mti.isResponse else { return nil }
            state.entries[key] = nil
            return entry
        }
        guard let entry else { return .unmatched }
        entry.timer?.cancel()
        guard entry.responseType == response.mti else {
            entry.waiter.resume(returning: .failure(.wrongResponseType))
            return .refused(expected: entry.responseType)
        }
        entry.waiter.resume(returning: .success(response))
        return .answered
    }

    /// Whether a request waits for `response`: one with its key that expects its type.
    func awaits(_ response: ISO8583Message) -> Bool {
        guard let key = Key(response) else { return false }
        return state.withLock { $0.entries[key]?.responseType == response.mti }
    }

    /// Fails the request `response` would answer with `error`, when `response` is a response
    /// and such a request waits: an answer that cannot be trusted (a wrong MAC) ends its
    /// request at once, as unanswered. True when a request was failed.
    func reject(_ response: ISO8583Message, with error: ISO8583LinkError) -> Bool {
        guard response.mti.isResponse, let key = Key(response) else { return false }
        let entry: Entry? = state.withLock { state in
            let entry = state.entries.removeValue(forKey: key)
            return entry
        }
        guard let entry else { return false }
        entry.timer?.cancel()
        entry.waiter.resume(returning: .failure(error))
        return true
    }

    /// Fails the entry `key` and `token` name, if it still waits.
    func fail(_ key: Key, token: UInt64, with error: ISO8583LinkError) {
        let entry: Entry? = state.withLock { state in
            guard let entry = state.entries[key], entry.token == token else { return nil }
            state.entries[key] = nil
            return entry
        }
        entry?.timer?.cancel()
        entry?.waiter.resume(returning: .failure(error))
    }

    /// Fails every request sent on `connection`.
    func failAll(onConnection connection: Int, with error: ISO8583LinkError) {
        let failed: [Entry] = state.withLock { state in
            let failed = state.entries.filter { $0.value.connection == connection }
            for key in failed.keys { state.entries[key] = nil }
            return Array(failed.values)
        }
        for entry in failed {
            entry.timer?.cancel()
            entry.waiter.resume(returning: .failure(error))
        }
    }

    /// Requests waiting, for tests and status.
    var count: Int { state.withLock { $0.entries.count } }
}
