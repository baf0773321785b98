import Foundation
import Logging
import SQLiteNIO
import Storage
import StorageSQL
import StorageSQLite

// `TaplineBenchmarks sqlite-writes [writes, default 2000] [concurrency, default 32]`
// (`python3 scripts/bench.py micro sqlite-writes`): N writes from `concurrency` tasks at once on a fresh
// SQLite file (WAL, synchronous=FULL), each write five statements (a merchant read, an
// idempotency insert, two webhook event inserts, the record read back), three ways in one run:
//
//   before   the previous store's path: sqlite-nio, each statement hopped to NIO's thread
//            pool, one BEGIN IMMEDIATE … COMMIT per write under a lock
//   inline   SQLiteStore with group commit off (at most 1 write per COMMIT): statements on
//            the calling task through cached prepared statements
//   grouped  SQLiteStore as the gateway runs it: up to 64 writes per COMMIT
//
// Reported: writes per second, and COMMITs (each one fsync of the WAL) per write.

/// One write of the benchmark, as each store runs it.
func benchmarkWriteBody(_ writer: any StoreWriter, index: Int, payload: Data, now: Date) async throws {
    guard try await writer.merchant(id: "m_bench") != nil else { fatalError("the benchmark merchant is missing") }
    try await writer.insert(IdempotencyRecord(merchantId: "m_bench", key: "write-\(index)", requestHash: "h", createdAt: now))
    for event in 0..<2 {
        try await writer.insert(WebhookEvent(
            id: "evt_\(index)_\(event)", merchantId: "m_bench", type: "transaction.captured", transactionId: "t_\(index)",
            createdAt: now, payload: payload))
    }
    guard try await writer.idempotencyRecord(merchantId: "m_bench", key: "write-\(index)") != nil else { fatalError("a write lost its row") }
}

/// The store before group commit, reduced to its write path: sqlite-nio's connection, one
/// transaction per write, writers one at a time.
final class NIOWritePath: Sendable {
    let connection: SQLiteConnection
    let lock = AsyncLock()

    init(path: String, logger: Logger) async throws {
        connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        for pragma in ["PRAGMA busy_timeout = 5000", "PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL", "PRAGMA foreign_keys = ON"] {
            _ = try await connection.query(pragma)
        }
    }

    func write(_ body: @Sendable (any StoreWriter) async throws -> Void) async throws {
        try await lock.withLock {
            _ = try await self.connection.query("BEGIN IMMEDIATE")
            do {
                try await body(NIOSession(connection: self.connection).writer(
                    SQLDialect(transactionLock: nil, deliveryClaim: nil, shareLock: nil), committed: AfterCommit()))
                _ = try await self.connection.query("COMMIT")
            } catch {
                _ = try? await self.connection.query("ROLLBACK")
                throw error
            }
        }
    }
}

/// The shared SQL over a sqlite-nio connection, as the previous `SQLiteSession` ran it.
struct NIOSession: SQLSession {
    let connection: SQLiteConnection
    var textSearch: SQLTextSearch { .fts5 }

    func rows(_ sql: String, _ binds: [SQLValue], subject: String) async throws -> [SQLRow] {
        let data: [SQLiteData] = binds.map { value in
            switch value {
            case .null: return .null
            case .integer(let integer): return .integer(Int(integer))
            case .float(let double): return .float(double)
            case .text(let text): return .text(text)
            case .bool(let flag): return .integer(flag ? 1 : 0)
            case .bytes(let bytes): return bytes.sqliteData ?? .null
            }
        }
        return try await connection.query(sql, data).map { row in
            SQLRow { name in
                switch row.column(name) {
                case nil: return nil
                case .integer(let integer)?: return .integer(Int64(integer))
                case .float(let double)?: return .float(double)
                case .text(let text)?: return .text(text)
                case let blob?: return Data(sqliteData: blob).map(SQLValue.bytes) ?? .null
                }
            }
        }
    }
}

func benchmarkSQLiteWrites(writes: Int, concurrency: Int) async throws {
    var logger = Logger(label: "bench")
    logger.logLevel = .error
    let payload = Data(String(repeating: "x", count: 1_000).utf8)
    let now = Date()
    print("\(writes) writes from \(concurrency) concurrent tasks, 5 statements each, WAL + synchronous=FULL")
    for way in ["before", "inline", "grouped"] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bench.sqlite").path
        let store = try await SQLiteStore.open(path: path, groupCommitLimit: way == "grouped" ? 64 : 1, logger: logger)
        try await store.write { try await $0.insert(Merchant(id: "m_bench", name: "Bench", createdAt: now)) }
        let commits = LockedCounter()
        store.observeGroupCommits { _ in commits.add() }
        let legacy: NIOWritePath? = try await way == "before" ? NIOWritePath(path: path, logger: logger) : nil
        let write: @Sendable (Int) async throws -> Void = { index in
            let body: @Sendable (any StoreWriter) async throws -> Void = { try await benchmarkWriteBody($0, index: index, payload: payload, now: now) }
            if let legacy { try await legacy.write(body) } else { try await store.write(body) }
        }
        let clock = ContinuousClock()
        let start = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<concurrency {
                group.addTask {
                    for index in stride(from: task, to: writes, by: concurrency) { try await write(index) }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = seconds(clock.now - start)
        try await legacy?.connection.close()
        try await store.close()
        let commitCount = legacy == nil ? commits.value : writes
        print(way.padding(toLength: 8, withPad: " ", startingAt: 0) + String(
            format: "%.0f writes/s  %.3f commits (fsyncs) per write  (%.2f s)",
            Double(writes) / elapsed, Double(commitCount) / Double(writes), elapsed))
    }
}

/// A count several tasks add to.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
