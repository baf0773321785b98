import Foundation
import PaymentCore
import SQLiteNIO
import Storage
@testable import StorageSQL
@testable import StorageSQLite
import Testing
import TestSupport

/// The search index is brought up to date once per group commit (SQLite 41): the triggers
/// note the rows whose words changed, the writer indexes them just before its COMMIT.
@Suite("SQLite search index, caught up at each commit")
struct SQLiteSearchIndexTests {
    static func sale(_ number: Int, name: String) -> Transaction {
        var sale = Fixtures.transaction(id: "t_\(number)", createdAt: Fixtures.date(Int64(number)))
        sale.customerName = name
        return sale
    }

    static func found(_ store: SQLiteStore, _ text: String) async throws -> [String] {
        var query = TransactionQuery(merchantId: "m_1")
        query.search = text
        return try await store.read { [query] in try await $0.transactions(query) }.items.map(\.id).sorted()
    }

    static func noted(_ store: SQLiteStore) async throws -> Int64? {
        try await store.readConnection.query("SELECT count(*) AS noted FROM transaction_search_pending").first?.column("noted")?.integer.map(Int64.init)
    }

    func withStore(_ body: (SQLiteStore, TemporaryDatabasePath) async throws -> Void) async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        do {
            try await store.seed(merchants: ["m_1"])
            try await body(store, file)
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }

    @Test func aCommittedWriteIsSearchableAndNothingStaysNoted() async throws {
        try await withStore { store, _ in
            // Concurrent writes share groups; every one is found once its write returned.
            try await withThrowingTaskGroup(of: Void.self) { writes in
                for number in 1...20 {
                    writes.addTask { try await store.write { try await $0.insert(Self.sale(number, name: "ada\(number)x")) } }
                }
                try await writes.waitForAll()
            }
            for number in 1...20 { #expect(try await Self.found(store, "ada\(number)x") == ["t_\(number)"]) }
            #expect(try await Self.noted(store) == 0)
            // A change of a word: the old word finds nothing, the new one the row.
            try await store.write { writer in
                guard var sale = try await writer.lockTransaction(id: "t_3", merchantId: "m_1") else { throw StoreError.notFound("t_3") }
                sale.customerName = "grace hopper"
                try await writer.update(sale)
            }
            #expect(try await Self.found(store, "ada3x") == [])
            #expect(try await Self.found(store, "hopper") == ["t_3"])
            #expect(try await Self.noted(store) == 0)
        }
    }

    /// A payment waiting for the processor stays noted, found by its words as they are; once
    /// finished it is indexed, once, with the words its answer added.
    @Test func aPaymentWaitingForTheProcessorIsFoundAndIndexedOnceFinished() async throws {
        try await withStore { store, _ in
            var sale = Self.sale(1, name: "Hopper_Grace")
            sale.status = .pending
            try await store.write { [sale] in try await $0.insert(sale) }
            #expect(try await Self.noted(store) == 1)
            #expect(try await store.readConnection.query("SELECT count(*) AS n FROM transaction_search").first?.column("n")?.integer == 0)
            #expect(try await Self.found(store, "hopper_grace") == ["t_1"])
            // LIKE's wildcards in the text are the text's own: `_` is no "any character".
            #expect(try await Self.found(store, "hopperxgrace") == [])
            try await store.write { writer in
                guard var row = try await writer.lockTransaction(id: "t_1", merchantId: "m_1") else { throw StoreError.notFound("t_1") }
                row.status = .captured
                row.processorResult = ProcessorResult(responseCode: "00", message: "Approved", authorizationCode: "AUTH77")
                try await writer.update(row)
            }
            #expect(try await Self.noted(store) == 0)
            #expect(try await store.readConnection.query("SELECT count(*) AS n FROM transaction_search").first?.column("n")?.integer == 1)
            #expect(try await Self.found(store, "auth77") == ["t_1"])
            #expect(try await Self.found(store, "hopper_grace") == ["t_1"])
        }
    }

    /// A catch-up that fails is undone alone: the group's writes are kept, their rows stay
    /// noted, and the next group indexes them.
    @Test func aFailedCatchUpKeepsTheWritesAndTheNextCommitIndexesThem() async throws {
        try await withStore { store, _ in
            try await store.writer.withConnection { try $0.run("ALTER TABLE transaction_search RENAME TO transaction_search_away") }
            try await store.write { try await $0.insert(Self.sale(1, name: "lovelace")) }
            #expect(try await store.read { try await $0.transaction(id: "t_1", merchantId: "m_1") } != nil)
            #expect(try await Self.noted(store) == 1)
            try await store.writer.withConnection { try $0.run("ALTER TABLE transaction_search_away RENAME TO transaction_search") }
            try await store.write { try await $0.insert(Self.sale(2, name: "babbage")) }
            #expect(try await Self.noted(store) == 0)
            #expect(try await Self.found(store, "lovelace") == ["t_1"])
            #expect(try await Self.found(store, "babbage") == ["t_2"])
        }
    }

    /// Rows noted by anything but the store's writer (a seeding script, SQL by hand) are
    /// indexed when the store opens.
    @Test func rowsNotedBesideTheStoreAreIndexedAtOpen() async throws {
        try await withStore { store, file in
            for number in 1...3 { try await store.write { try await $0.insert(Self.sale(number, name: "turing\(number)x")) } }
            try await store.close()
            let connection = try await SQLiteConnection.open(storage: .file(path: file.path))
            _ = try await connection.query("DELETE FROM transaction_search")
            _ = try await connection.query("INSERT INTO transaction_search_pending (key) SELECT key FROM transaction_search_keys")
            try await connection.close()
            let reopened = try await SQLiteStore.open(path: file.path, createIfMissing: false, logger: .quiet)
            #expect(try await Self.noted(reopened) == 0)
            for number in 1...3 { #expect(try await Self.found(reopened, "turing\(number)x") == ["t_\(number)"]) }
            try await reopened.close()
        }
    }

    /// FTS5's own merging is off (SQLite 42): inside one write in every few hundred it merged
    /// 64 pages for each level of the index, 10 to 30 ms that every write queued behind it
    /// waited out. The writer merges a few pages at each catch-up instead, and the index stays
    /// merged: 4 segments here, where FTS5's own merging left 11 and no merging at all 20.
    @Test func theWriterMergesTheIndexALittleAtEachCommit() async throws {
        try await withStore { store, _ in
            let settings = try await store.readConnection.query("SELECT k, v FROM transaction_search_config WHERE k IN ('automerge', 'usermerge') ORDER BY k")
            #expect(settings.map { [$0.column("k")?.string, $0.column("v")?.integer.map(String.init)] } == [["automerge", "0"], ["usermerge", "8"]])
            // 200 groups of 25 payments: 200 new segments.
            for group in 0..<200 {
                try await store.write { writer in
                    for number in (group * 25 + 1)...(group * 25 + 25) { try await writer.insert(Self.sale(number, name: "hopper\(number)x")) }
                }
            }
            let segments = try await store.readConnection.query("SELECT count(DISTINCT segid) AS n FROM transaction_search_idx")
            #expect(try #require(segments.first?.column("n")?.integer) <= 8)
            #expect(try await Self.found(store, "hopper4217x") == ["t_4217"])
            try await store.writer.withConnection { try $0.run("INSERT INTO transaction_search (transaction_search) VALUES ('integrity-check')") }
        }
    }

    /// Every column the words are made of wakes the update trigger (`AFTER UPDATE OF`).
    @Test func theUpdateTriggerWatchesEveryColumnOfTheWords() {
        let words = SQLTextSearch.sqliteWords("new.")
        let named = SQLTables.transactions.columns.map(\.name).filter { words.contains("new.\($0),") || words.contains("new.\($0))") || words.contains("new.\($0) ") }
        #expect(Set(named) == Set(SQLTextSearch.sqliteWordColumns))
    }
}
