/// `work`'s result, or nil when it has not finished after `limit`. The work is then left
/// running (and cancelled, for what that is worth): a structured timeout would wait for it,
/// which is no help when the thing under test never returns or ignores cancellation.
public func withinDeadline<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T? {
    let waiting = Locked<CheckedContinuation<T?, any Error>?>(nil)
    return try await withCheckedThrowingContinuation { continuation in
        waiting.withLock { $0 = continuation }
        let task = Task {
            do {
                let value = try await work()
                waiting.withLock { $0?.resume(returning: value); $0 = nil }
            } catch {
                waiting.withLock { $0?.resume(throwing: error); $0 = nil }
            }
        }
        Task {
            try? await Task.sleep(for: limit)
            waiting.withLock { $0?.resume(returning: nil); $0 = nil }
            task.cancel()
        }
    }
}
