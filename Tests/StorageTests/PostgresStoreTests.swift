import Foundation
import Logging
import PaymentCore
import PostgresNIO
import Storage
@testable import StoragePostgres
import Testing
import TestSupport

/// What only the PostgreSQL store promises: migrations applied once by racing instances,
/// row locks across connections, URL parsing. Needs `TAPLINE_POSTGRES_URL`; without it the
/// server tests show as skipped, never as passed.
@Suite("PostgreSQL store", .enabled(if: StoreFactories.postgresURL != nil, "TAPLINE_POSTGRES_URL is not set: no PostgreSQL server to test against"))
struct PostgresStoreTests {
    let serverURL = StoreFactories.postgresURL ?? ""

    @Test func twoStoresOpeningOneEmptyDatabaseApplyEachMigrationOnce() async throws {
        let schema = PostgresTestSchema(serverURL: serverURL)
        try await schema.create()
        defer { schema.drop() }
        async let first = PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        async let second = PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        let stores = try await [first, second]
        #expect(try await stores[0].appliedMigrations() == PostgresSchema.migrations.map(\.version))
        #expect(try await stores[1].appliedMigrations() == PostgresSchema.migrations.map(\.version))
        // Both work on the one schema.
        try await stores[0].seed()
        #expect(try await stores[1].read { try await $0.merchants() }.count == 2)
        for store in stores { try await store.close() }
    }

    /// postgres-nio warns when a connection is leased before the client's `run()` has begun,
    /// which a busy start made happen (128 warnings in one CI run). `startRunning` enters
    /// `run()` before it returns, so even a lease straight after it finds the client running.
    @Test func aLeaseRightAfterStartingFindsTheClientRunning() async throws {
        let logs = LogCapture()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(capture: logs) }
        for _ in 0..<3 {
            let client = PostgresClient(configuration: try PostgresURL(serverURL).configuration(poolSize: 1), backgroundLogger: logger)
            let running = startRunning(client)
            try await client.withConnection { connection in _ = try await connection.query("SELECT 1", logger: logger) }
            running.cancel()
        }
        #expect(logs.all.filter { $0.hasPrefix("warning") } == [])
    }

    /// The server drops every connection of the store (as a restart does): calls on a dead
    /// connection fail as `unavailable` (the gateway's 503), and the pool reconnects by itself.
    ///
    /// Known issue: about one run in ten under load, a call made just after the kill never
    /// returns and ignores cancellation (inside postgres-nio 1.33's pool or connection; it
    /// happens with `Task` as with `Task.immediate` starting the pool). The calls therefore run
    /// under a deadline; a call that misses it is recorded as that known issue, and the store
    /// is left open, because closing it would wait for the stuck call too.
    @Test func killedConnectionsFailAsUnavailableAndTheStoreRecovers() async throws {
        let schema = PostgresTestSchema(serverURL: serverURL)
        try await schema.create()
        defer { schema.drop() }
        let store = try await PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await store.seed()
        try await PostgresStore.administer(url: serverURL, [
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tapline/\(schema.name)'",
        ], logger: .quiet)
        var failures: [StoreError] = []
        var merchants: [Merchant]?
        for _ in 0..<5 where merchants == nil {
            do {
                guard let answer = try await withinDeadline(.seconds(10), { try await store.read { try await $0.merchants() } }) else {
                    withKnownIssue("postgres-nio: a call on a pool whose connections were just killed never returned", isIntermittent: true) {
                        Issue.record("no answer within 10 s after the kill")
                    }
                    return
                }
                merchants = answer
            } catch let error as StoreError {
                failures.append(error)
            }
        }
        #expect(merchants?.count == 2, "served again without reopening the store")
        // The pool may hand out a dead connection more than once, so no bound below the
        // attempts; every failure must still be the retryable kind.
        #expect(failures.allSatisfy { if case .unavailable = $0 { true } else { false } }, "\(failures)")
        try await store.close()
    }

    @Test func aThrowingWriteLeavesNothing() async throws {
        try await StoreFactory.postgres(url: serverURL).withStore { store in
            await #expect(throws: DeliberateFailure.self) {
                try await store.write { writer in
                    try await writer.insert(Fixtures.merchant(id: "m_1"))
                    try await writer.insert(Fixtures.transaction(id: "t_1"))
                    throw DeliberateFailure()
                }
            }
            let merchants = try await store.read { try await $0.merchants() }
            let transaction = try await store.transaction(id: "t_1", merchantId: "m_1")
            #expect(merchants.isEmpty)
            #expect(transaction == nil)
        }
    }

    @Test func aDuplicateInsideAWriteDoesNotAbortIt() async throws {
        try await StoreFactory.postgres(url: serverURL).withStore { store in
            try await store.seed()
            let kept = try await store.write { writer -> Bool in
                try await writer.recordCardRead(id: "read_1", merchantId: "m_1", at: Fixtures.date(1))
                await expectStoreError(.duplicate) {
                    try await writer.recordCardRead(id: "read_1", merchantId: "m_2", at: Fixtures.date(2))
                }
                // The transaction goes on after the refused insert, as on SQLite.
                try await writer.insert(Fixtures.transaction(id: "t_1"))
                return true
            }
            #expect(kept)
            #expect(try await store.transaction(id: "t_1", merchantId: "m_1") != nil)
        }
    }

    /// The first writer holds the row lock while the second asks for it; the second gets the
    /// row only after the first committed, and sees its change.
    @Test func twoWritersLockingOneTransactionSerialize() async throws {
        try await StoreFactory.postgres(url: serverURL).withStore { store in
            try await store.seed(transactions: [Fixtures.transaction(id: "t_1")])
            let (firstHasLock, lockTaken) = AsyncStream.makeStream(of: Void.self)
            let (secondMayCommit, releaseFirst) = AsyncStream.makeStream(of: Void.self)
            let first = Task {
                try await store.write { writer in
                    var row = try #require(try await writer.lockTransaction(id: "t_1", merchantId: "m_1"))
                    lockTaken.yield()
                    // Hold the lock until the second writer has asked for it.
                    for await _ in secondMayCommit { break }
                    row.amount = 2_000
                    try await writer.update(row)
                }
            }
            for await _ in firstHasLock { break }
            let second = Task {
                try await store.write { writer -> Int64 in
                    let row = try #require(try await writer.lockTransaction(id: "t_1", merchantId: "m_1"))
                    return row.amount
                }
            }
            // The second writer is blocked on the row lock: wait until the server says so.
            try await waitUntilSomeoneWaitsForALock(store)
            releaseFirst.yield()
            try await first.value
            #expect(try await second.value == 2_000)
        }
    }

    /// Two instances' workers share the due deliveries: what one write claimed (FOR UPDATE
    /// SKIP LOCKED) the other skips instead of waiting or taking it too.
    @Test func concurrentWritersClaimDifferentDueDeliveries() async throws {
        try await StoreFactory.postgres(url: serverURL).withStore { store in
            try await store.seed()
            try await store.write { writer in
                try await writer.insert(StoreWebhookContractTests.endpoint("we_1"))
                try await writer.insert(StoreWebhookContractTests.event("evt_1"))
                try await writer.insert(StoreWebhookContractTests.delivery("d_1", minute: 1))
                try await writer.insert(StoreWebhookContractTests.delivery("d_2", minute: 2))
            }
            let (claimed, claimDone) = AsyncStream.makeStream(of: [String].self)
            let (finish, finishNow) = AsyncStream.makeStream(of: Void.self)
            let first = Task {
                try await store.write { writer in
                    claimDone.yield(try await writer.dueWebhookDeliveries(at: Fixtures.minutes(5), limit: 1).map(\.id))
                    for await _ in finish { break }
                }
            }
            var firstClaim: [String] = []
            for await ids in claimed { firstClaim = ids; break }
            let secondClaim = try await store.write { try await $0.dueWebhookDeliveries(at: Fixtures.minutes(5), limit: 10).map(\.id) }
            finishNow.yield()
            try await first.value
            #expect(firstClaim == ["d_1"])
            #expect(secondClaim == ["d_2"])
            // Reads do not claim: both are still due.
            #expect(try await store.read { try await $0.dueWebhookDeliveries(at: Fixtures.minutes(5), limit: 10) }.map(\.id) == ["d_1", "d_2"])
        }
    }

    private func waitUntilSomeoneWaitsForALock(_ store: any Store) async throws {
        let postgres = try #require(store as? PostgresStore)
        for _ in 0..<1_000 {
            if try await postgres.sessionsWaitingForALock() > 0 { return }
            await Task.yield()
        }
        Issue.record("the second writer never waited for the lock")
    }
}

/// URL parsing needs no server.
@Suite("PostgreSQL URL")
struct PostgresURLTests {
    /// Nothing listens on port 1 of loopback: the start stops with a clear error, not after
    /// the pool's minute of retries.
    @Test func anUnreachableDatabaseStopsTheOpenWithAClearError() async throws {
        do {
            let store = try await PostgresStore.open(
                url: "postgres://tapline:secret@127.0.0.1:1/tapline", logger: .quiet, connectTimeout: .milliseconds(300))
            try await store.close()
            Issue.record("a store opened with no server")
        } catch let error as PostgresStoreError {
            #expect(error.description.contains("127.0.0.1:1/tapline"))
            #expect(!error.description.contains("secret"))
        }
    }

    @Test func plainURLHasNoTLS() throws {
        let url = try PostgresURL("postgres://tapline:s%40cret@db.example:6543/payments")
        #expect(url.host == "db.example")
        #expect(url.port == 6543)
        #expect(url.username == "tapline")
        #expect(url.password == "s@cret")
        #expect(url.database == "payments")
        #expect(url.tlsMode == .disable)
        #expect(url.searchPath == nil)
    }

    @Test(arguments: [
        ("sslmode=require", PostgresURL.TLSMode.require), ("sslmode=verify-full", .verifyFull), ("sslmode=disable", .disable),
    ])
    func sslmodeChoosesTLS(_ query: String, _ mode: PostgresURL.TLSMode) throws {
        let url = try PostgresURL("postgres://u:p@localhost/db?\(query)")
        #expect(url.tlsMode == mode)
        #expect(url.port == 5432)
        _ = try url.configuration(poolSize: 3)
    }

    @Test func unknownSslmodeAndOtherSchemesAreRefused() {
        #expect(throws: StoreError.self) { try PostgresURL("postgres://u:p@localhost/db?sslmode=prefer") }
        #expect(throws: StoreError.self) { try PostgresURL("mysql://u:p@localhost/db") }
        #expect(throws: StoreError.self) { try PostgresURL("postgres:///db") }
    }

    @Test func placeholdersAreNumberedInOrder() {
        #expect(PostgresSession.numbered("a = ? AND b = ? LIMIT ?") == "a = $1 AND b = $2 LIMIT $3")
    }
}
