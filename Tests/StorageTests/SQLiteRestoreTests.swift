import Foundation
import Logging
import PaymentCore
import Storage
@testable import StorageSQLite
import Testing
import TestSupport

/// `tapline restore`: never under a running gateway, never over a database without --force,
/// and only a backup that opens as a Tapline database.
@Suite("SQLite restore")
struct SQLiteRestoreTests {
    static let now = Fixtures.epoch

    /// A backup holding one sale, `t_backup`.
    static func backup() async throws -> TemporaryDatabasePath {
        let source = TemporaryDatabasePath(), backup = TemporaryDatabasePath()
        defer { source.remove() }
        let store = try await SQLiteStore.open(path: source.path, logger: .quiet)
        try await store.seed(merchants: ["m_1"], transactions: [Fixtures.transaction(id: "t_backup")])
        try await SQLiteBackup.copy(database: source.path, to: backup.path, logger: .quiet)
        try await store.close()
        return backup
    }

    /// A database with one sale, `t_current`, and a gateway's heartbeat at `seenAt`.
    static func current(heartbeatAt seenAt: Date) async throws -> TemporaryDatabasePath {
        let database = TemporaryDatabasePath()
        let store = try await SQLiteStore.open(path: database.path, logger: .quiet)
        try await store.seed(merchants: ["m_1"], transactions: [Fixtures.transaction(id: "t_current")])
        try await store.write { try await $0.recordHeartbeat(GatewayInstance(id: "i_1", startedAt: seenAt, seenAt: seenAt)) }
        try await store.close()
        return database
    }

    static func ids(in path: String) async throws -> [String] {
        let store = try await SQLiteStore.open(path: path, createIfMissing: false, logger: .quiet)
        let ids = try await store.read { try await $0.transactions(TransactionQuery(merchantId: "m_1")) }.items.map(\.id)
        try await store.close()
        return ids
    }

    @Test func aDatabaseWithARecentHeartbeatIsInUseAndKept() async throws {
        let backup = try await Self.backup(), live = try await Self.current(heartbeatAt: Self.now.addingTimeInterval(-2))
        defer { backup.remove(); live.remove() }
        await #expect(throws: SQLiteRestoreError.databaseInUse(path: live.path, instances: 1)) {
            try await SQLiteRestore.restore(from: backup.path, to: live.path, force: true, liveWithin: 6, now: Self.now, logger: .quiet)
        }
        #expect(try await Self.ids(in: live.path) == ["t_current"])
    }

    @Test func anExistingDatabaseNeedsForce() async throws {
        let backup = try await Self.backup(), stopped = try await Self.current(heartbeatAt: Self.now.addingTimeInterval(-60))
        defer { backup.remove(); stopped.remove() }
        await #expect(throws: SQLiteRestoreError.databaseExists(path: stopped.path)) {
            try await SQLiteRestore.restore(from: backup.path, to: stopped.path, force: false, liveWithin: 6, now: Self.now, logger: .quiet)
        }
        #expect(try await Self.ids(in: stopped.path) == ["t_current"])

        try await SQLiteRestore.restore(from: backup.path, to: stopped.path, force: true, liveWithin: 6, now: Self.now, logger: .quiet)
        #expect(try await Self.ids(in: stopped.path) == ["t_backup"])
        let folder = URL(fileURLWithPath: stopped.path).deletingLastPathComponent().path
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".restore-") || $0.contains(".partial-") }
        #expect(leftovers.filter { $0.contains(URL(fileURLWithPath: stopped.path).lastPathComponent) }.isEmpty)
    }

    @Test func aBackupRestoresToANewDatabase() async throws {
        let backup = try await Self.backup(), target = TemporaryDatabasePath()
        defer { backup.remove(); target.remove() }
        try await SQLiteRestore.restore(from: backup.path, to: target.path, force: false, liveWithin: 6, now: Self.now, logger: .quiet)
        #expect(try await Self.ids(in: target.path) == ["t_backup"])
    }

    @Test func aFileThatIsNoTaplineDatabaseIsRefused() async throws {
        let notABackup = TemporaryDatabasePath(), target = TemporaryDatabasePath()
        defer { notABackup.remove(); target.remove() }
        try Data("hello".utf8).write(to: URL(fileURLWithPath: notABackup.path))
        await #expect(throws: SQLiteRestoreError.self) {
            try await SQLiteRestore.restore(from: notABackup.path, to: target.path, force: false, liveWithin: 6, now: Self.now, logger: .quiet)
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }
}
