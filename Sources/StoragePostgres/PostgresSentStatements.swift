import NIOCore
import PaymentCore
import PostgresNIO
import Storage
import StorageSQL

/// The statements a session sent without waiting for their answers (``PostgresSession/send(_:_:subject:)``),
/// in the order sent.
///
/// PostgresNIO runs one connection's statements in the order they are written to it, so an
/// answer the session waits for comes after the answers of everything sent before it. Those
/// are checked first: the first that failed is the error, whatever the awaited statement
/// made of the aborted transaction after it. The same check follows a COMMIT, which
/// PostgreSQL answers with a ROLLBACK and no error when a statement before it failed.
final class PostgresSentStatements: Sendable {
    struct Sent: Sendable {
        let answer: EventLoopFuture<PostgresQueryResult>
        let subject: String
        /// Whether its failure would leave the transaction failed (every statement but BEGIN).
        let canAbort: Bool
        /// The answer as soon as it came, noted on the connection's event loop: by the time an
        /// answer after it reaches the session, this one is here without a hop to read it.
        let outcome = LockedBox<Result<PostgresQueryResult, any Error>?>(nil)
    }

    private let waiting = LockedBox<[Sent]>([])
    /// Set once any statement of the session failed, sent or awaited.
    private let failed = LockedBox(false)

    func noteFailure() {
        failed.withLock { $0 = true }
    }

    /// Whether the session's transaction is known not to have failed: no statement failed,
    /// and every sent one that could have failed answered, successfully.
    var isClear: Bool {
        guard !failed.withLock({ $0 }) else { return false }
        return waiting.withLock { waiting in
            waiting.allSatisfy { sent in
                guard sent.canAbort else { return true }
                guard case .success? = sent.outcome.withLock({ $0 }) else { return false }
                return true
            }
        }
    }

    func append(_ sent: Sent) {
        sent.answer.whenComplete { result in sent.outcome.withLock { $0 = result } }
        waiting.withLock { $0.append(sent) }
    }

    /// Takes the answers of every statement sent so far and throws what the first one that
    /// failed would have thrown had it been awaited; `conflict` opens if that was a
    /// serialization failure or a deadlock.
    func check(conflict: SQLGate) async throws {
        let sent = waiting.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
        for statement in sent {
            let outcome: Result<PostgresQueryResult, any Error>
            if let noted = statement.outcome.withLock({ $0 }) {
                outcome = noted
            } else {
                do { outcome = .success(try await statement.answer.get()) } catch { outcome = .failure(error) }
            }
            guard case .failure(let error) = outcome else { continue }
            noteFailure()
            guard let error = error as? PSQLError else { throw StoreError.unavailable("PostgreSQL: \(error)") }
            let mapped = PostgresSession.storeError(error, subject: statement.subject)
            if case .conflict = mapped { conflict.open() }
            throw mapped.error
        }
    }
}
