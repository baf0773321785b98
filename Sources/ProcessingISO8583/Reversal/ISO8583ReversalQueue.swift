import Foundation

/// Where reversals wait until the acquirer acknowledges them: durable, so a reversal owed
/// survives a restart and a reconnect. The gateway backs it with its database; it is written
/// only when a request went unanswered, never on the approved path.
public protocol ISO8583ReversalQueue: Sendable {
    /// Adds `reversal`; a second enqueue of the same transaction id changes nothing.
    func enqueue(_ reversal: ISO8583PendingReversal) async throws
    /// Reversals whose next attempt is due at `date`, oldest first, at most `limit`.
    func due(at date: Date, limit: Int) async throws -> [ISO8583PendingReversal]
    /// Counts an attempt that got no acknowledgement and sets the next one.
    func recordAttempt(transactionId: String, nextAttemptAt: Date) async throws
    /// The acquirer acknowledged it (0410): forgotten.
    func acknowledge(transactionId: String) async throws
    /// Takes the reversal for one send until `until` when it is still due at `date`; false
    /// when another sender (another instance sharing the database) took it first. The lease
    /// ends with the attempt's record, its acknowledgement, its release, or at `until` when
    /// the sender died holding it.
    func claim(transactionId: String, dueAt date: Date, until: Date) async throws -> Bool
    /// Gives a claimed reversal back, due at `date`, without counting an attempt.
    func release(transactionId: String, dueAt date: Date) async throws
}
