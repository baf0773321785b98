import PaymentCore

/// The gateway's persistence. One protocol, several implementations (memory, SQLite, later
/// PostgreSQL), all held to the same contract suite (`Tests/StorageTests`).
///
/// All changes happen inside ``write(_:)``: one database transaction that commits entirely or
/// not at all. The gateway never calls the processor inside `write` (atomic phases,
/// docs/architecture.md), so a write transaction is always short.
public protocol Store: Sendable {
    /// Runs `body` in one database transaction. If `body` throws, nothing it wrote is kept.
    /// Writers do not interleave on the rows they lock (SQLite: one writer at a time).
    func write<T: Sendable>(_ body: @Sendable (any StoreWriter) async throws -> T) async throws -> T

    /// Runs `body` against committed data only.
    func read<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T

    /// A read of one statement, which needs no snapshot held across statements: PostgreSQL
    /// runs it without BEGIN and COMMIT (one round trip instead of three). A `body` that
    /// sends a second statement fails with ``StoreError/unavailable(_:)``.
    func readOne<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T

    /// Releases connections and files. The store is unusable afterwards.
    func close() async throws

    /// The merchant as this store's writes last read it, for answering a write (a payment's
    /// `availableOperations`) right after it without another read transaction; read when no
    /// write kept it. Not for deciding anything: a write reads its merchant itself.
    func merchantAsLastWritten(id: String) async throws -> Merchant?
}

extension Store {
    public func readOne<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
        try await read(body)
    }

    public func merchantAsLastWritten(id: String) async throws -> Merchant? {
        try await read { try await $0.merchant(id: id) }
    }

    /// Reads one transaction of one merchant; another merchant's transaction is nil.
    public func transaction(id: String, merchantId: String) async throws -> Transaction? {
        try await read { try await $0.transaction(id: id, merchantId: merchantId) }
    }

    /// Reserves a block of trace numbers in a write of its own, so they are the caller's
    /// once this returns (see ``StoreWriter/reserveTraceNumbers(terminalId:count:)``).
    public func reserveTraceNumbers(terminalId: String, count: Int) async throws -> Int64 {
        try await write { try await $0.reserveTraceNumbers(terminalId: terminalId, count: count) }
    }
}
