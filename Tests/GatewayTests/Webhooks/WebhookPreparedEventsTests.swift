import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import PaymentCore
import Storage
import StorageSQLite
import Testing

/// Events rendered before their write are taken only when they are what the write would render.
@Suite("Webhook events rendered before their write")
struct WebhookPreparedEventsTests {
    /// A sale as phase 1 writes it, pending.
    static func pending(_ harness: GatewayHarness, id: String, amount: Int64 = 1_500) -> Transaction {
        Transaction(id: id, merchantId: harness.merchantId, type: .sale, status: .pending, currency: .usd, amount: amount,
                    createMethod: .apiToken, createdAt: harness.clock.now())
    }

    /// What a prepared event can be stale in.
    enum Staleness: CaseIterable, Sendable {
        case payment, merchant, time
    }

    @Test func aWriteTakesTheEventPreparedFromWhatItFinds() async throws {
        let harness = try await GatewayHarness.make(configuration: WebhookEventMappingTests.quiet)
        let outbox = harness.services.payments.outbox
        let (payment, now) = (Self.pending(harness, id: "t_prepared"), harness.clock.now())
        let merchant = try await harness.store.merchantAsLastWritten(id: harness.merchantId)
        let prepared = try outbox.prepare(before: nil, after: payment, merchant: merchant, at: now)
        let created = try #require(prepared.events[.created])
        try await harness.store.write { writer in
            try await writer.insert(payment)
            try await outbox.record(before: nil, after: payment, at: now, in: writer, prepared: prepared)
        }
        let stored = try await OutboxProbe(store: harness.store, merchantId: harness.merchantId).all()
        #expect(stored.map(\.id) == [created.id])
        #expect(stored.first?.payload == created.payload)
    }

    @Test(arguments: Staleness.allCases)
    func aWriteRendersItsOwnEventWhenWhatItFindsDiffers(_ staleness: Staleness) async throws {
        let harness = try await GatewayHarness.make(configuration: WebhookEventMappingTests.quiet)
        let outbox = harness.services.payments.outbox
        let (payment, now) = (Self.pending(harness, id: "t_found"), harness.clock.now())
        var merchant = try #require(try await harness.store.merchantAsLastWritten(id: harness.merchantId))
        var (guessed, guessedAt) = (payment, now)
        switch staleness {
        case .payment: guessed.amount += 1
        case .merchant: merchant.name = "Renamed since"
        case .time: guessedAt = now.addingTimeInterval(1)
        }
        let prepared = try outbox.prepare(before: nil, after: guessed, merchant: merchant, at: guessedAt)
        try await harness.store.write { writer in
            try await writer.insert(payment)
            try await outbox.record(before: nil, after: payment, at: now, in: writer, prepared: prepared)
        }
        let probe = OutboxProbe(store: harness.store, merchantId: harness.merchantId)
        let stored = try #require(try await probe.all().first)
        #expect(stored.id != prepared.events[.created]?.id)
        let payload = try probe.payload(stored)
        #expect(payload.data.transaction?.amount == payment.amount)
        #expect(payload.createdAt == now)
    }

    /// On SQLite, as `tapline serve` runs: phase 3 renders its events from phase 1's row, the
    /// open batch last joined and the cached merchant, and its write takes them.
    @Test func phaseThreeWritesTheEventsItPreparedBeforeItsWrite() async throws {
        try await Self.onSQLite { harness, _ in
            let recorder = harness.services.payments.recorder
            let answer = OriginalOutcome(outcome: .approved(amount: 1_500), result: ProcessorResult(responseCode: "00", message: "Approved"))
            let (first, row) = (Self.pending(harness, id: "t_first"), Self.pending(harness, id: "t_second"))
            try await harness.store.write { writer in
                try await writer.insert(first)
                try await writer.insert(row)
            }
            // No sale has joined a batch yet: nothing to render from.
            #expect(try await recorder.expecting(first).prepareEvents(id: first.id, merchantId: first.merchantId, answer: answer, now: harness.clock.now()) == nil)
            let firstFinished = try await recorder.expecting(first).finishOriginal(
                id: first.id, merchantId: first.merchantId, outcome: answer.outcome, result: answer.result)

            let now = harness.clock.now()
            let prepared = try #require(try await recorder.expecting(row).prepareEvents(id: row.id, merchantId: row.merchantId, answer: answer, now: now))
            let captured = try #require(prepared.events[.captured])
            let finished = try await recorder.expecting(row).finishOriginal(id: row.id, merchantId: row.merchantId, outcome: answer.outcome, result: answer.result)
            #expect(finished.status == .captured)
            #expect(finished.batchId == firstFinished.batchId)
            // What the write found is what the events were rendered from, so it took them.
            let merchant = try await harness.store.merchantAsLastWritten(id: row.merchantId)
            #expect(prepared.event(.captured, payment: finished, operation: nil, merchant: merchant, at: now) == captured)
            let probe = OutboxProbe(store: harness.store, merchantId: harness.merchantId)
            let stored = try await probe.all().filter { $0.transactionId == row.id }
            #expect(try stored.map { try probe.payload($0).data } == [try probe.payload(WebhookEvent(
                id: captured.id, merchantId: row.merchantId, type: "transaction.captured", transactionId: row.id, createdAt: now,
                payload: captured.payload)).data])
        }
    }

    /// The open batch last joined is only a guess: after a close the next sale joins a new
    /// batch, and its event says so.
    @Test func aSaleAfterABatchCloseShowsTheBatchItJoined() async throws {
        try await Self.onSQLite { harness, session in
            let first = try await session.pay(amount: 1_000)
            #expect(try await session.send(.post, APIPath.closeBatch).status == 200)
            let second = try await session.pay(amount: 1_100)
            let secondBatch = try #require(second.batchId)
            #expect(secondBatch != first.batchId)
            let probe = OutboxProbe(store: harness.store, merchantId: harness.merchantId)
            let events = try await probe.all().filter { $0.transactionId == second.id && $0.type == "transaction.captured" }
            #expect(try events.map { try probe.payload($0).data.transaction?.batchId } == [secondBatch])
        }
    }

    /// A capture's event, rendered before its write from phase 1's rows, shows the operation
    /// and the payment as the write left them, and after a close the batch the capture joined.
    @Test func aCapturesEventShowsTheRowsItsWriteLeft() async throws {
        try await Self.onSQLite { harness, session in
            let probe = OutboxProbe(store: harness.store, merchantId: harness.merchantId)
            for closeFirst in [false, false, true] {
                if closeFirst { #expect(try await session.send(.post, APIPath.closeBatch).status == 200) }
                let authorization = try await session.pay("authorization", amount: 2_000)
                #expect(try await session.followUp(authorization.id, .capture, json: #"{"amount":2000}"#).status == 201)
                let payment = try #require(try await harness.store.transaction(id: authorization.id, merchantId: harness.merchantId))
                let event = try #require(try await probe.all().first { $0.transactionId == payment.id && $0.type == "transaction.captured" })
                let data = try probe.payload(event).data
                let operationId = try #require(data.operation?.id)
                let operation = try #require(try await harness.store.transaction(id: operationId, merchantId: harness.merchantId))
                let merchant = try await harness.store.merchantAsLastWritten(id: harness.merchantId)
                // Byte for byte (decoding would lose the times' milliseconds).
                let renderer = harness.services.renderer
                let shown = try Data(#""operation":"#.utf8) + APIJSON.encoder.encode(renderer.render(operation, merchant: merchant))
                    + Data(#","transaction":"#.utf8) + APIJSON.encoder.encode(renderer.render(payment, merchant: merchant))
                #expect(event.payload.firstRange(of: shown) != nil)
                #expect(data.transaction?.batchId == payment.batchId && payment.batchId != nil)
            }
        }
    }

    @Test func theGatewaysClockKeepsWhatTheStoresKeep() async throws {
        let now = GatewayDependencies.clock()
        #expect(StoredEncoding.date(milliseconds: StoredEncoding.milliseconds(now)) == now)
        try await Self.onSQLite { harness, _ in
            var row = Self.pending(harness, id: "t_clock")
            (row.createdAt, row.updatedAt) = (now, now)
            try await harness.store.write { [row] in try await $0.insert(row) }
            #expect(try await harness.store.transaction(id: row.id, merchantId: row.merchantId) == row)
        }
    }

    /// Runs `body` against a gateway on a fresh SQLite file.
    static func onSQLite(_ body: @escaping @Sendable (GatewayHarness, TestSession) async throws -> Void) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-prepared-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let store = try await SQLiteStore.open(path: file, logger: logger)
        // A time between seconds, as the gateway's clock gives (whole milliseconds).
        let harness = try await GatewayHarness.make(
            store: store, clock: TestClock(Date(timeIntervalSince1970: 1_795_000_000.123)), configuration: WebhookEventMappingTests.quiet)
        do {
            try await harness.test { (session: TestSession) async throws in try await body(harness, session) }
        } catch {
            try await store.close()
            throw error
        }
        try await store.close()
    }
}
