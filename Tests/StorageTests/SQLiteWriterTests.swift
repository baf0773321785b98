import Foundation
import Logging
import PaymentCore
import Storage
@testable import StorageSQLite
import Testing
import TestSupport

/// Group commit: concurrent writes share one transaction, each in its own savepoint, and are
/// answered after the COMMIT that holds them.
@Suite("SQLite writer")
struct SQLiteWriterTests {
    /// Opens a store on a fresh file whose group commits are recorded, runs `body`, closes it.
    func withStore(_ body: (SQLiteStore, LockedBox<[Int]>) async throws -> Void) async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        let groups = LockedBox<[Int]>([])
        store.observeGroupCommits { size in groups.withLock { $0.append(size) } }
        do {
            try await store.seed(merchants: ["m_1"])
            groups.withLock { $0 = [] }
            try await body(store, groups)
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// Runs a first write that holds its turn until `queued` more writers wait behind it, so
    /// those form a group together once it lets go.
    func holdingTheTurn(_ store: SQLiteStore, until queued: Int, _ others: @escaping @Sendable () async -> Void) async throws {
        let (release, releaser) = AsyncStream<Void>.makeStream()
        async let first: Void = store.write { writer in
            try await writer.insert(Fixtures.idempotencyRecord(key: "first"))
            for await _ in release { break }
        }
        async let rest: Void = others()
        while store.writer.queuedWriters < queued { await Task.yield() }
        releaser.finish()
        try await first
        await rest
    }

    static func record(_ index: Int) -> IdempotencyRecord {
        Fixtures.idempotencyRecord(key: "write-\(index)")
    }

    static func stored(_ store: SQLiteStore, _ index: Int) async throws -> Bool {
        try await store.read { try await $0.idempotencyRecord(merchantId: "m_1", key: "write-\(index)") } != nil
    }

    @Test func concurrentWritesShareCommitsAndAreAllKept() async throws {
        try await withStore { store, groups in
            let writes = 99
            let failures = LockedBox(0)
            try await holdingTheTurn(store, until: writes) {
                await withTaskGroup(of: Void.self) { tasks in
                    for index in 0..<writes {
                        tasks.addTask {
                            do { try await store.write { try await $0.insert(Self.record(index)) } } catch { failures.withLock { $0 += 1 } }
                        }
                    }
                }
            }
            #expect(failures.withLock { $0 } == 0)
            // The held write and 63 queued ones fill the first group; the other 36 form the next.
            #expect(groups.withLock { $0 } == [SQLiteWriter.defaultGroupLimit, writes + 1 - SQLiteWriter.defaultGroupLimit])
            for index in 0..<writes { #expect(try await Self.stored(store, index), "write \(index)") }
        }
    }

    @Test func aThrowingBodyLeavesNoTraceAndItsGroupIsKept() async throws {
        try await withStore { store, groups in
            let outcomes = LockedBox<[Int: Bool]>([:])
            try await holdingTheTurn(store, until: 3) {
                await withTaskGroup(of: Void.self) { tasks in
                    for index in 0..<3 {
                        tasks.addTask {
                            do {
                                try await store.write { writer in
                                    try await writer.insert(Self.record(index))
                                    if index == 1 { throw DeliberateFailure() }
                                }
                                outcomes.withLock { $0[index] = true }
                            } catch {
                                outcomes.withLock { $0[index] = error is DeliberateFailure ? false : nil }
                            }
                        }
                    }
                }
            }
            #expect(outcomes.withLock { $0 } == [0: true, 1: false, 2: true])
            #expect(groups.withLock { $0 } == [3], "one commit: the held write, 0 and 2")
            #expect(try await Self.stored(store, 0))
            #expect(try await !Self.stored(store, 1))
            #expect(try await Self.stored(store, 2))
        }
    }

    @Test func aFailedCommitFailsEveryWriteOfItsGroup() async throws {
        try await withStore { store, groups in
            let succeeded = LockedBox(0)
            store.writer.failNextCommit()
            await #expect(throws: StoreError.self) {
                try await holdingTheTurn(store, until: 3) {
                    await withTaskGroup(of: Void.self) { tasks in
                        for index in 0..<3 {
                            tasks.addTask {
                                guard (try? await store.write { try await $0.insert(Self.record(index)) }) != nil else { return }
                                succeeded.withLock { $0 += 1 }
                            }
                        }
                    }
                }
            }
            #expect(succeeded.withLock { $0 } == 0)
            #expect(groups.withLock { $0 }.isEmpty)
            for index in 0..<3 { #expect(try await !Self.stored(store, index)) }
            #expect(try await store.read { try await $0.idempotencyRecord(merchantId: "m_1", key: "first") } == nil)
            // The writer goes on: the next write commits.
            try await store.write { try await $0.insert(Self.record(7)) }
            #expect(try await Self.stored(store, 7))
            #expect(groups.withLock { $0 } == [1])
        }
    }

    @Test func closeWaitsForTheGroupInProgress() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        try await store.seed(merchants: ["m_1"])
        try await holdingTheTurn(store, until: 1) {
            await withTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try? await store.close() }
            }
        }
        await expectStoreError(.unavailable) { try await store.write { try await $0.insert(Self.record(2)) } }
        let reopened = try await SQLiteStore.open(path: file.path, logger: .quiet)
        #expect(try await reopened.read { try await $0.idempotencyRecord(merchantId: "m_1", key: "first") } != nil)
        try await reopened.close()
    }
}
