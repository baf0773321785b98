import PaymentCore

/// The statements a store's sessions send, in order, while recording (tests: how many round
/// trips an operation costs); off, it keeps nothing.
final class PostgresStatementLog: Sendable {
    private let statements = LockedBox<[String]?>(nil)

    /// Starts recording afresh.
    func start() {
        statements.withLock { $0 = [] }
    }

    /// What was sent since ``start()``; nil when not recording.
    var recorded: [String]? {
        statements.withLock { $0 }
    }

    func record(_ sql: String) {
        statements.withLock { if $0 != nil { $0?.append(sql) } }
    }
}
