import Foundation
import GatewayAPI
import Logging
import Storage
@testable import StorageSQLite
import Testing
import TestSupport

/// `tapline serve` on SQLite is SIGKILLed while many concurrent sales are being committed in
/// groups. After the database is opened again, every sale whose answer a client received is
/// there, captured and whole, and no sale is half there: a captured payment has its batch and
/// its `transaction.captured` event, and no event exists without its captured payment.
@Suite("Group commit: kill -9 during concurrent sales", .serialized)
struct GroupCommitCrashTests {
    struct Acknowledged: Sendable {
        let id: String
        let amount: Int64
    }

    @Test func everyAnsweredSaleSurvivesAndNoneIsHalfThere() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-group-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("tapline.sqlite").path
        let serve = try await ServeProcess.start(name: "grouped", arguments: [
            "--database", database, "--keys", directory.appendingPathComponent("keys.json").path], environment: [:], in: directory)
        defer {
            serve.kill()
            try? FileManager.default.removeItem(at: directory)
        }
        let token = try await TwoInstanceKillTests.token(from: serve)

        // Twelve clients, 40 sales each; the process is killed once 80 sales were answered,
        // with the others' requests in flight.
        let acknowledged = Locked<[Acknowledged]>([])
        let killed = Locked(false)
        await withTaskGroup(of: Void.self) { group in
            for client in 0..<12 {
                group.addTask {
                    for index in 0..<40 {
                        let amount = Int64(1_000 * (client + 1) + index)
                        let key = ["Idempotency-Key": "crash-\(client)-\(index)"]
                        guard let (status, body) = try? await serve.send(
                                "POST", APIPath.sale, json: TestSession.cardBody(amount: amount), token: token, headers: key),
                              status == 201, let sale = try? APIJSON.decoder.decode(TransactionResource.self, from: body),
                              sale.status == .captured else { continue }
                        let count = acknowledged.withLock { $0.append(Acknowledged(id: sale.id, amount: amount)); return $0.count }
                        if count >= 80, killed.withLock({ seen in defer { seen = true }; return !seen }) {
                            serve.kill()
                        }
                    }
                }
            }
        }
        #expect(killed.withLock { $0 }, "the process was killed in the middle of the run")
        #expect(serve.process.terminationReason == .uncaughtSignal)

        let store = try await SQLiteStore.open(path: database, createIfMissing: false, logger: Logger(label: "test"))
        do {
            try await Self.expectWhole(store, acknowledged: acknowledged.withLock { $0 })
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }

    static func expectWhole(_ store: SQLiteStore, acknowledged: [Acknowledged]) async throws {
        let sales = acknowledged
        #expect(sales.count >= 80)
        for sale in sales {
            let rows = try await store.readConnection.query(
                "SELECT status, amount, batch_id FROM transactions WHERE id = ?", [.text(sale.id)])
            #expect(rows.count == 1, "\(sale.id) was answered but is missing")
            #expect(rows.first?.column("status")?.string == "captured", "\(sale.id)")
            #expect(rows.first?.column("amount")?.integer == Int(sale.amount), "\(sale.id)")
        }
        // Half a phase-3 write would be a captured payment without its batch or its event.
        let withoutBatch = try await store.readConnection.query("""
            SELECT COUNT(*) AS n FROM transactions t WHERE t.status = 'captured'
                AND (t.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM batches b WHERE b.id = t.batch_id))
            """)
        #expect(withoutBatch.first?.column("n")?.integer == 0)
        let withoutEvent = try await store.readConnection.query("""
            SELECT COUNT(*) AS n FROM transactions t WHERE t.status = 'captured'
                AND NOT EXISTS (SELECT 1 FROM webhook_events e WHERE e.transaction_id = t.id AND e.type = 'transaction.captured')
            """)
        #expect(withoutEvent.first?.column("n")?.integer == 0)
        let eventWithoutPayment = try await store.readConnection.query("""
            SELECT COUNT(*) AS n FROM webhook_events e WHERE e.type = 'transaction.captured'
                AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id AND t.status = 'captured')
            """)
        #expect(eventWithoutPayment.first?.column("n")?.integer == 0)
        // Every payment row is either waiting for its answer (phase 1 only, which recovery
        // finishes) or complete; and the database itself is sound.
        let captured = try await store.readConnection.query("SELECT COUNT(*) AS n FROM transactions WHERE status = 'captured'")
        #expect((captured.first?.column("n")?.integer ?? 0) >= sales.count)
        // The search index was caught up in the same transactions: every payment no longer
        // waiting for the processor is in it, only waiting ones are left noted, and FTS5's own
        // check finds the index whole.
        let unindexed = try await store.readConnection.query("""
            SELECT COUNT(*) AS n FROM transactions t JOIN transaction_search_keys k ON k.id = t.id
                WHERE t.status <> 'pending' AND NOT EXISTS (SELECT 1 FROM transaction_search s WHERE s.rowid = k.key)
            """)
        #expect(unindexed.first?.column("n")?.integer == 0)
        let notedButDue = try await store.readConnection.query("""
            SELECT COUNT(*) AS n FROM transaction_search_pending p JOIN transaction_search_keys k ON k.key = p.key
                JOIN transactions t ON t.id = k.id WHERE t.status <> 'pending'
            """)
        #expect(notedButDue.first?.column("n")?.integer == 0)
        for sale in sales.prefix(5) {
            let found = try await store.readConnection.query("""
                SELECT k.id FROM transaction_search s JOIN transaction_search_keys k ON k.key = s.rowid
                WHERE transaction_search MATCH ?
                """, [.text("\"\(sale.id)\"")])
            #expect(found.compactMap { $0.column("id")?.string } == [sale.id])
        }
        try await store.writer.withConnection { try $0.run("INSERT INTO transaction_search (transaction_search) VALUES ('integrity-check')") }
        let check = try await store.readConnection.query("PRAGMA integrity_check")
        #expect(check.first?.column("integrity_check")?.string == "ok")
    }
}
