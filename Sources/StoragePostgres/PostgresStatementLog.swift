import PaymentCore

/// The statements a store's sessions send, in order, for the tasks that ask (tests: how many
/// round trips an operation costs); otherwise it keeps nothing.
///
/// Only statements sent from inside ``recording(_:)`` (its task and the tasks it starts) are
/// kept, so the background jobs' and heartbeat's transactions, which may run at any moment,
/// never land in a count.
final class PostgresStatementLog: Sendable {
    /// The log recording in this task, if any.
    @TaskLocal private static var current: PostgresStatementLog?

    private let statements = LockedBox<[(sql: String, awaited: Bool)]>([])

    /// Runs `body`, and returns every statement this store sent for it, in order.
    func recording(_ body: () async throws -> Void) async throws -> [String] {
        try await recordingWaits(body).sent
    }

    /// Runs `body`, and returns every statement this store sent for it and those among them
    /// whose answer a task waited for (the rest were sent without waiting), in order.
    func recordingWaits(_ body: () async throws -> Void) async throws -> (sent: [String], awaited: [String]) {
        statements.withLock { $0 = [] }
        try await Self.$current.withValue(self) { try await body() }
        let recorded = statements.withLock { $0 }
        return (recorded.map(\.sql), recorded.filter(\.awaited).map(\.sql))
    }

    func record(_ sql: String, awaited: Bool = true) {
        guard Self.current === self else { return }
        statements.withLock { $0.append((sql, awaited)) }
    }
}
