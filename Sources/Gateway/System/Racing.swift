/// `operation`'s result, or `timedOut` thrown once `timeout` passes first; the loser is
/// cancelled. The one race behind every outgoing call the gateway bounds itself (webhook
/// posts, JWKS fetches, the provider's services).
func racing<Value: Sendable>(
    _ timeout: Duration, timedOut: @escaping @Sendable () -> any Error, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw timedOut()
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() else { throw timedOut() }
        return value
    }
}
