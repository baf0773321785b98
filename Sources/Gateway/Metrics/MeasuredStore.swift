import Storage

/// The store the services write through, timing each write for
/// `tapline_database_write_duration_seconds`; reads and everything else pass straight on.
struct MeasuredStore: Store {
    let base: any Store
    let metrics: GatewayMetrics

    func write<T: Sendable>(_ body: @Sendable (any StoreWriter) async throws -> T) async throws -> T {
        let started = ContinuousClock.now
        defer { metrics.databaseWrite(duration: ContinuousClock.now - started) }
        return try await base.write(body)
    }

    func read<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
        try await base.read(body)
    }

    func close() async throws { try await base.close() }
}
