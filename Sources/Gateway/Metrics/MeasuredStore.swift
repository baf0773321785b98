import Storage
import Tracing

/// The store the services write through. Each write is timed for
/// `tapline_database_write_duration_seconds` and, inside a request or a use case, is a span
/// (`database write`); reads and everything else pass straight on.
struct MeasuredStore: Store {
    let base: any Store
    let metrics: GatewayMetrics
    var tracer: any Tracer = NoOpTracer()

    func write<T: Sendable>(_ body: @Sendable (any StoreWriter) async throws -> T) async throws -> T {
        let started = ContinuousClock.now
        defer { metrics.databaseWrite(duration: ContinuousClock.now - started) }
        // Outside any span (the heartbeat, the jobs' and the webhook worker's polls) a write
        // would be a trace of its own every few seconds: those are counted, not traced.
        guard ServiceContext.current != nil else { return try await base.write(body) }
        return try await tracer.span("database write", kind: .client) { _ in try await base.write(body) }
    }

    func read<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
        try await base.read(body)
    }

    func readOne<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
        try await base.readOne(body)
    }

    func merchantAsLastWritten(id: String) async throws -> Merchant? {
        try await base.merchantAsLastWritten(id: id)
    }

    func close() async throws { try await base.close() }
}
