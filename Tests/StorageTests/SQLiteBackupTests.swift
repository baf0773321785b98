import Foundation
import Logging
import SQLiteNIO
import PaymentCore
import Storage
@testable import StorageSQLite
import Testing
import TestSupport

/// `tapline backup`'s copy: consistent while sales keep being written, and clean when it
/// cannot be written (no file left, the live database unchanged).
@Suite("SQLite backup")
struct SQLiteBackupTests {
    /// A writer keeps inserting sales; once `ready` are acknowledged the backup starts. Every
    /// sale acknowledged before it began is in the copy, and nothing in the copy was invented.
    @Test func aBackupUnderConcurrentSalesHoldsEverySaleAcknowledgedBeforeItBegan() async throws {
        let live = TemporaryDatabasePath(), copy = TemporaryDatabasePath()
        defer { live.remove(); copy.remove() }
        let store = try await SQLiteStore.open(path: live.path, logger: .quiet)
        try await store.seed(merchants: ["m_1"])
        let ready = 200
        let acknowledged = Locked<[String]>([])
        let stop = Locked(false)
        let (reached, signal) = AsyncStream<Void>.makeStream()
        let writer = Task {
            var number = 0
            while !stop.withLock({ $0 }) {
                number += 1
                let sale = Fixtures.transaction(id: "t_\(number)", createdAt: Fixtures.date(Int64(number)))
                try await store.write { try await $0.insert(sale) }
                if acknowledged.withLock({ $0.append(sale.id); return $0.count }) == ready { signal.yield() }
            }
        }
        for await _ in reached { break }
        let beforeBackup = Set(acknowledged.withLock { $0 })
        try await SQLiteBackup.copy(database: live.path, to: copy.path, logger: .quiet)
        stop.withLock { $0 = true }
        try await writer.value
        let all = Set(acknowledged.withLock { $0 })
        try await store.close()

        let restored = try await SQLiteStore.open(path: copy.path, createIfMissing: false, logger: .quiet)
        var query = TransactionQuery(merchantId: "m_1")
        query.pageSize = 1_000_000
        let inCopy = Set(try await restored.read { [query] in try await $0.transactions(query) }.items.map(\.id))
        try await restored.close()
        #expect(beforeBackup.count >= ready)
        #expect(beforeBackup.isSubset(of: inCopy), "missing: \(beforeBackup.subtracting(inCopy).sorted().prefix(5))")
        #expect(inCopy.isSubset(of: all))
        let mode = try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func anExistingTargetIsRefusedAndKept() async throws {
        let live = TemporaryDatabasePath(), existing = TemporaryDatabasePath()
        defer { live.remove(); existing.remove() }
        try await SQLiteStore.open(path: live.path, logger: .quiet).close()
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing.path))
        await #expect(throws: SQLiteBackupError.targetExists(path: existing.path)) {
            try await SQLiteBackup.copy(database: live.path, to: existing.path, logger: .quiet)
        }
        #expect(try String(contentsOfFile: existing.path, encoding: .utf8) == "keep me")
    }

    /// A folder that is a file, and one that does not exist: one plain error, no file anywhere
    /// near, and the live database as it was.
    @Test(arguments: ["a-file/backup.sqlite", "no-such-folder/backup.sqlite"])
    func anUnwritablePathFailsCleanly(_ relative: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let live = folder.appendingPathComponent("live.sqlite").path
        let store = try await SQLiteStore.open(path: live, logger: .quiet)
        try await store.seed(merchants: ["m_1"], transactions: [Fixtures.transaction()])
        try await store.close()
        try Data("not a folder".utf8).write(to: folder.appendingPathComponent("a-file"))
        let before = try Data(contentsOf: URL(fileURLWithPath: live))
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

        let target = folder.appendingPathComponent(relative).path
        do {
            try await SQLiteBackup.copy(database: live, to: target, logger: .quiet)
            Issue.record("the backup to \(relative) succeeded")
        } catch let error as SQLiteBackupError {
            guard case .cannotWrite(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == target)
            #expect(!error.description.contains("\n"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == listing)
        #expect(try Data(contentsOf: URL(fileURLWithPath: live)) == before)
    }
}

/// The search's index in a backup: keyed by an explicit INTEGER PRIMARY KEY, which `VACUUM
/// INTO` keeps, so the copy finds each transaction by its words after rows came and went.
@Suite("SQLite backup: the search index")
struct SQLiteBackupSearchTests {
    @Test func theCopyFindsEveryTransactionByItsOwnWords() async throws {
        let live = TemporaryDatabasePath(), copy = TemporaryDatabasePath()
        defer { live.remove(); copy.remove() }
        let store = try await SQLiteStore.open(path: live.path, logger: .quiet)
        try await store.seed(merchants: ["m_1"])
        for number in 1...30 {
            var sale = Fixtures.transaction(id: "t_\(number)", createdAt: Fixtures.date(Int64(number)))
            sale.customerName = "customer\(number)x"
            try await store.write { [sale] in try await $0.insert(sale) }
        }
        try await store.close()
        // Rows gone from the middle leave gaps in the table's implicit rowids (no store
        // deletes a transaction, so this one does it in SQL; the triggers follow).
        let connection = try await SQLiteConnection.open(storage: .file(path: live.path))
        _ = try await connection.query("DELETE FROM transactions WHERE CAST(substr(id, 3) AS INTEGER) % 3 = 2")
        try await connection.close()
        try await SQLiteBackup.copy(database: live.path, to: copy.path, logger: .quiet)
        let restored = try await SQLiteStore.open(path: copy.path, createIfMissing: false, logger: .quiet)
        for number in 1...30 {
            var query = TransactionQuery(merchantId: "m_1")
            query.search = "customer\(number)x"
            let found = try await restored.read { [query] in try await $0.transactions(query) }.items.map(\.id)
            #expect(found == (number % 3 == 2 ? [] : ["t_\(number)"]), "\(number)")
        }
        try await restored.close()
    }
}
