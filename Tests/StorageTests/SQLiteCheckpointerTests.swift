import Foundation
import PaymentCore
import Storage
@testable import StorageSQLite
import Testing
import TestSupport

/// The WAL is checkpointed on a connection of its own, never inside the writer's COMMIT.
@Suite("SQLite checkpointer")
struct SQLiteCheckpointerTests {
    @Test func theWriteConnectionLeavesCheckpointsToTheCheckpointer() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        let (checkpoints, checkpointed) = AsyncStream<Result<SQLiteCheckpoint, any Error>>.makeStream()
        store.checkpointer.observe { checkpointed.yield($0) }
        do {
            // SQLite's own autocheckpoint (1,000 pages) is off on the write connection.
            #expect(try await store.pragma("wal_autocheckpoint")?.integer == 0)
            try await store.seed(merchants: ["m_1"])
            try await Self.fill(store, with: Data(repeating: 0x61, count: 64 * 1024))
            let first = try await Self.first(of: checkpoints)
            let checkpoint = try first.get()
            #expect(checkpoint.walPages >= SQLiteCheckpointer.startPages)
            #expect(checkpoint.checkpointedPages > 0)
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }

    @Test func closingWaitsForTheCheckpointAndLeavesNoWAL() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        try await store.seed(merchants: ["m_1"])
        let body = Data(repeating: 0x62, count: 64 * 1024)
        try await Self.fill(store, with: body)
        try await store.close()
        #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"), "the last connection to close checkpoints and removes the WAL")
        let reopened = try await SQLiteStore.open(path: file.path, logger: .quiet)
        let kept = try await reopened.read { try await $0.idempotencyRecord(merchantId: "m_1", key: "big-79") }
        #expect(kept?.responseBody == body)
        try await reopened.close()
    }

    /// About 1,300 pages of 4 KiB in the WAL: 80 writes of a completed idempotency record
    /// answering `body` (64 KiB, 16 pages), keys `big-0` to `big-79`.
    static func fill(_ store: SQLiteStore, with body: Data) async throws {
        for index in 0..<80 { try await write(store, key: "big-\(index)", answering: body) }
    }

    /// One write of a completed idempotency record under `key` answering `body`.
    static func write(_ store: SQLiteStore, key: String, answering body: Data) async throws {
        var record = Fixtures.idempotencyRecord(key: key, state: .completed)
        (record.responseStatus, record.responseBody) = (200, body)
        let written = record
        try await store.write { try await $0.insert(written) }
    }

    /// The first element of `stream`, or a failure after a minute (a watchdog, not a wait).
    static func first<Element: Sendable>(of stream: AsyncStream<Element>) async throws -> Element {
        try await withThrowingTaskGroup(of: Element?.self) { group in
            group.addTask { await stream.first { _ in true } }
            group.addTask {
                try await Task.sleep(for: .seconds(60))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let element = first else {
                throw StoreError.unavailable("no checkpoint within a minute")
            }
            return element
        }
    }
}

/// Checkpoints are spaced by the WAL's growth, and the writer copies the rest itself past
/// ``SQLiteCheckpointer/restartPages``, so the WAL starts over however steadily writes come.
@Suite("SQLite checkpointer: spacing and a WAL that starts over")
struct SQLiteCheckpointSpacingTests {
    @Test func aCheckpointStartsOncePerThousandPagesNotAtEveryCommit() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        let checkpoints = LockedBox(0)
        // Pages written to the WAL, counted across its new starts (a WAL that started over
        // reports fewer pages than the commit before).
        let wal = LockedBox((last: 0, written: 0))
        store.checkpointer.observe { _ in checkpoints.withLock { $0 += 1 } }
        store.checkpointer.observeWAL { pages in
            wal.withLock { wal in wal = (pages, wal.written + (pages >= wal.last ? pages - wal.last : pages)) }
        }
        do {
            try await store.seed(merchants: ["m_1"])
            // About 2,700 pages in 160 commits: every commit past 1,000 pages used to start one.
            let body = Data(repeating: 0x63, count: 64 * 1024)
            for index in 0..<160 { try await SQLiteCheckpointerTests.write(store, key: "spaced-\(index)", answering: body) }
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
        let written = wal.withLock { $0.written }
        #expect(written >= 2 * SQLiteCheckpointer.startPages)
        #expect(checkpoints.withLock { $0 } <= written / SQLiteCheckpointer.startPages, "\(written) pages written")
    }

    @Test func underWritesThatNeverPauseTheWALStartsOverAndStaysBounded() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        let reported = LockedBox<[Int]>([])
        store.checkpointer.observeWAL { pages in reported.withLock { $0.append(pages) } }
        do {
            try await store.seed(merchants: ["m_1"])
            let body = Data(repeating: 0x65, count: 64 * 1024)
            // 16 writers, 720 writes of some 17 pages each: about three times `restartPages`.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<16 {
                    group.addTask {
                        for index in 0..<45 { try await SQLiteCheckpointerTests.write(store, key: "w\(writer)-\(index)", answering: body) }
                    }
                }
                try await group.waitForAll()
            }
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
        let pages = reported.withLock { $0 }
        let restarts = zip(pages, pages.dropFirst()).filter { $1 < $0 }.count
        #expect(restarts >= 1, "the WAL never started over (largest \(pages.max() ?? 0) pages)")
        // The writer's checkpoint waits behind the writes queued when it was asked for, and
        // gives up while the other connection's runs (slow on a loaded machine): some slack.
        // Without it the WAL took all 12,000 pages and never started over.
        #expect((pages.max() ?? 0) < 2 * SQLiteCheckpointer.restartPages)
    }
}
