import Foundation
import Logging
import PaymentCore
import SQLiteNIO
import Storage
@testable import StorageSQLite
import Testing
import TestSupport

/// What only the SQLite store has: a file, its settings, its migrations.
@Suite("SQLite store")
struct SQLiteStoreTests {
    static let logger = Logger.quiet

    /// Runs `body` with a fresh database path, removed afterwards.
    func withDatabase(_ body: (TemporaryDatabasePath) async throws -> Void) async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        try await body(file)
    }

    /// Opens the store at `file`, runs `body` and closes the store, also when `body` throws.
    @discardableResult
    func withStore<T>(
        _ file: TemporaryDatabasePath, migrations: [SQLiteMigration] = SQLiteSchema.migrations,
        _ body: (SQLiteStore) async throws -> T
    ) async throws -> T {
        let store = try await SQLiteStore.open(path: file.path, migrations: migrations, logger: Self.logger)
        do {
            let result = try await body(store)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    @Test func connectionSettings() async throws {
        try await withDatabase { file in
            try await withStore(file) { store in
                #expect(try await store.pragma("journal_mode")?.string == "wal")
                #expect(try await store.pragma("synchronous")?.integer == 2)  // FULL
                #expect(try await store.pragma("foreign_keys")?.integer == 1)
                #expect(try await store.pragma("temp_store")?.integer == 2)  // MEMORY: savepoints' sub-journals
                #expect(try await store.pragma("busy_timeout")?.integer == SQLiteStore.busyTimeoutMilliseconds)
                #expect(try await store.pragma("query_only", onReader: true)?.integer == 1)
                try await store.seed()
                for path in [file.path, file.path + "-wal"] {
                    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
                    #expect(mode == 0o600, "\(path)")
                }
            }
        }
    }

    @Test func reopeningAppliesNoMigrationTwice() async throws {
        try await withDatabase { file in
            let applied = try await withStore(file) { try await $0.appliedMigrations() }
            #expect(applied.map(\.version) == SQLiteSchema.migrations.map(\.version))
            let reapplied = try await withStore(file) { try await $0.appliedMigrations() }
            #expect(reapplied.map(\.version) == applied.map(\.version))
            #expect(reapplied.map(\.appliedAt) == applied.map(\.appliedAt))
        }
    }

    @Test func aNewMigrationIsAppliedOnceOnTheNextOpen() async throws {
        try await withDatabase { file in
            try await withStore(file) { _ in }
            let upgraded = SQLiteSchema.migrations + [
                SQLiteMigration(version: 1_000, name: "notes", statements: [
                    "CREATE TABLE notes (id TEXT NOT NULL PRIMARY KEY) STRICT",
                    "INSERT INTO notes (id) VALUES ('first')",
                ]),
            ]
            for _ in 0..<2 {
                try await withStore(file, migrations: upgraded) { store in
                    #expect(try await store.appliedMigrations().map(\.version) == upgraded.map(\.version))
                    let notes = try await store.readConnection.query("SELECT COUNT(*) AS n FROM notes")
                    #expect(notes.first?.column("n")?.integer == 1)
                }
            }
        }
    }

    @Test func aVersionOneDatabaseGainsDevicesAndKeepsItsRows() async throws {
        try await withDatabase { file in
            let versionOne = SQLiteSchema.migrations.filter { $0.version == 1 }
            // The store writes the newest schema only, so the old rows go in as SQL of their time.
            try await withStore(file, migrations: versionOne) { store in
                for id in ["m_1", "m_2"] { try await store.insertVersionOneMerchant(id: id, tipPercentages: "[15,18,20]") }
            }
            try await withStore(file) { store in
                #expect(try await store.appliedMigrations().map(\.version) == SQLiteSchema.migrations.map(\.version))
                #expect(try await store.read { try await $0.merchants() }.count == 2)
                let device = Fixtures.device(deviceId: "upgraded-phone")
                try await store.write { try await $0.insert(device) }
                #expect(try await store.read { try await $0.devices(merchantId: "m_1") } == [device])
            }
        }
    }

    @Test func aFailingMigrationLeavesNoTrace() async throws {
        try await withDatabase { file in
            let broken = SQLiteSchema.migrations + [
                SQLiteMigration(version: 1_000, name: "broken", statements: [
                    "CREATE TABLE half_done (id TEXT) STRICT",
                    "THIS IS NOT SQL",
                ]),
            ]
            await #expect(throws: StoreError.self) {
                try await withStore(file, migrations: broken) { _ in }
            }
            try await withStore(file) { store in
                #expect(try await store.appliedMigrations().map(\.version) == SQLiteSchema.migrations.map(\.version))
                let tables = try await store.readConnection.query(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", [.text("half_done")])
                #expect(tables.isEmpty)
            }
        }
    }

    @Test func dataSurvivesCloseAndReopen() async throws {
        try await withDatabase { file in
            let transaction = Fixtures.fullTransaction()
            let client = Fixtures.apiClient()
            let token = Fixtures.refreshToken()
            let record = Fixtures.idempotencyRecord()
            let batch = Fixtures.batch()
            try await withStore(file) { store in
                try await store.write { writer in
                    try await writer.insert(Fixtures.merchant())
                    try await writer.insert(client)
                    try await writer.insert(token)
                    try await writer.insert(transaction)
                    try await writer.insert(record)
                    try await writer.insert(batch)
                }
            }
            let found = try await withStore(file) { store in
                try await store.read { reader in
                    (try await reader.merchants(), try await reader.apiClient(id: client.id),
                     try await reader.refreshToken(hash: token.tokenHash),
                     try await reader.transaction(id: transaction.id, merchantId: "m_1"),
                     try await reader.idempotencyRecord(merchantId: "m_1", key: record.key),
                     try await reader.batch(id: batch.id, merchantId: "m_1"))
                }
            }
            #expect(found.0 == [Fixtures.merchant()])
            #expect(found.1 == client)
            #expect(found.2 == token)
            #expect(found.3 == transaction)
            #expect(found.4 == record)
            #expect(found.5 == batch)
        }
    }

    @Test func moneyAndDatesAreIntegers() async throws {
        try await withDatabase { file in
            let rows = try await withStore(file) { store in
                try await store.seed(transactions: [Fixtures.fullTransaction()])
                return try await store.readConnection.query("""
                    SELECT typeof(amount) || typeof(authorized_amount) || typeof(captured_amount)
                        || typeof(refunded_amount) || typeof(tip_amount) || typeof(pending_refund_amount) AS money,
                        created_at, typeof(updated_at) || typeof(settled_at) AS dates
                    FROM transactions
                    """)
            }
            #expect(rows.first?.column("money")?.string == String(repeating: "integer", count: 6))
            #expect(rows.first?.column("created_at")?.integer == 1_750_000_000_123)
            #expect(rows.first?.column("dates")?.string == "integerinteger")
        }
    }

    @Test func theDatabaseFilesNeverHoldAFullPAN() async throws {
        try await withDatabase { file in
            let pan = "4242424242424242"
            var transaction = Fixtures.fullTransaction()
            transaction.card = Fixtures.card(pan: pan)
            // While open, the row sits in the WAL; after close, in the main file.
            let whileOpen = try await withStore(file) { store in
                try await store.seed(transactions: [transaction])
                return Self.bytes(of: file)
            }
            let afterClose = Self.bytes(of: file)
            for bytes in [whileOpen, afterClose] {
                // The masked PAN proves these are the bytes the row went to.
                #expect(bytes.firstRange(of: Array("424242******4242".utf8)) != nil)
                #expect(bytes.firstRange(of: Array(pan.utf8)) == nil)
            }
        }
    }

    static func bytes(of file: TemporaryDatabasePath) -> [UInt8] {
        file.files.flatMap { (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: $0)))) ?? [] }
    }
}
