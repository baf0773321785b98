import PostgresNIO

/// Starts the client's `run()`: the pool only hands out connections while it runs, and
/// cancelling the task shuts the pool down. `Task.immediate` enters `run()` before this
/// returns, so the first lease never finds the client "not running" (postgres-nio then logs
/// a warning on every start); older Apple systems without it get a plain task.
func startRunning(_ client: PostgresClient) -> Task<Void, Never> {
    if #available(macOS 26, iOS 26, *) {
        return Task.immediate { await client.run() }
    }
    return Task { await client.run() }
}
