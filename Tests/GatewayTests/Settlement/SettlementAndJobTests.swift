import Foundation
import HTTPTypes
import GatewayAPI
import Hummingbird
import PaymentCore
import Processing
import Storage
import Testing
import TestSupport

@Suite("Batches, expiry and crash recovery")
struct SettlementAndJobTests {
    @Test func closingTheBatchSettlesPaymentsVoidIsRefusedRefundStillWorks() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 3_000)
            let auth = try await session.pay("authorization", amount: 2_000)
            _ = try await session.followUp(auth.id, .capture, json: #"{"amount":1500}"#)
            let voided = try await session.pay(amount: 999)
            _ = try await session.followUp(voided.id, .void)

            let close = try await session.send(.post, APIPath.closeBatch)
            #expect(close.status == 200)
            let batch = try close.decode(BatchResource.self)
            #expect(batch.status == "closed")
            #expect(batch.transactionCount == 2)
            #expect(batch.totals == ["USD": 4_500])

            let settled = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(settled.settledAt != nil)
            #expect(settled.batchId == batch.id)
            let void = try await session.followUp(sale.id, .void)
            #expect(void.status == 409)
            #expect(void.error?.code == "invalid_state_transition")
            #expect(void.error?.message.contains("settled") == true)
            harness.clock.advance(by: 60)
            let refund = try await session.followUp(sale.id, .refund, json: #"{"amount":1000}"#)
            #expect(refund.status == 201)
            // The refund joins the next batch.
            let refundBatch = try refund.decode(FollowUpResponse.self).operation.batchId
            #expect(refundBatch != nil && refundBatch != batch.id)

            let list = try await session.send(.get, APIPath.batches).decode(BatchList.self)
            #expect(list.items.map(\.status) == ["open", "closed"])
            #expect(list.items.first?.totals == ["USD": -1_000], "the open batch shows its running total")
            #expect(list.items.first?.transactionCount == 1)
            #expect(try await session.send(.post, APIPath.closeBatch).decode(BatchResource.self).totals == ["USD": -1_000])
            #expect(try await session.send(.post, APIPath.closeBatch).status == 409)
        }
    }

    @Test func listFiltersByBatchAndNoBatch() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let settled = try await session.pay(amount: 100)
            let batch = try await session.send(.post, APIPath.closeBatch).decode(BatchResource.self)
            let open = try await session.pay(amount: 200)
            let inBatch = try await session.send(.get, "\(APIPath.transactions)?batchId=\(batch.id)").decode(TransactionList.self)
            #expect(inBatch.items.map(\.id) == [settled.id])
            let unsettled = try await session.send(.get, "\(APIPath.transactions)?noBatch=true").decode(TransactionList.self)
            #expect(unsettled.items.map(\.id) == [open.id])
        }
    }

    @Test func listPaginatesInAStableOrder() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            var ids: [String] = []
            for amount in [500, 100, 300, 200, 400] as [Int64] {
                ids.append(try await session.pay(amount: amount).id)
                harness.clock.advance(by: 1)
            }
            let page0 = try await session.send(.get, "\(APIPath.transactions)?pageSize=2&page=0&orderBy=totalAmount&asc=true").decode(TransactionList.self)
            let page1 = try await session.send(.get, "\(APIPath.transactions)?pageSize=2&page=1&orderBy=totalAmount&asc=true").decode(TransactionList.self)
            #expect(page0.total == 5)
            #expect((page0.items + page1.items).map(\.amount) == [100, 200, 300, 400])
            let newest = try await session.send(.get, "\(APIPath.transactions)?pageSize=1").decode(TransactionList.self)
            #expect(newest.items.first?.id == ids.last)
            let auths = try await session.send(.get, "\(APIPath.transactions)?type=authorization").decode(TransactionList.self)
            #expect(auths.total == 0)
            let captured = try await session.send(.get, "\(APIPath.transactions)?status=captured").decode(TransactionList.self)
            #expect(captured.total == 5)
        }
    }

    @Test func authorizationsExpireAfterTheWindow() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let auth = try await session.pay("authorization")
            harness.clock.advance(by: 7 * 24 * 3600 - 1)
            #expect(try await harness.services.expiry.run() == 0)
            harness.clock.advance(by: 1)
            // Before the job runs, capture is already refused: the hold is past its window.
            let early = try await session.send(.post, APIPath.followUp(auth.id, .capture), token: try await TestSession.token(
                session.client, clientId: harness.clientId, secret: harness.clientSecret))
            #expect(early.error?.code == "authorization_expired")
            #expect(try await harness.services.expiry.run() == 1)
            let expired = try await harness.store.transaction(id: auth.id, merchantId: harness.merchantId)
            #expect(expired?.status == .expired)
        }
    }

    @Test func recoveryFinishesASaleLeftPendingByACrash() async throws {
        let harness = try await GatewayHarness.make()
        // A crash after phase 1 and after the processor approved, before phase 3: the row is
        // pending, the idempotency key is linked to it, and the processor holds an approval.
        var pending = Transaction(id: "crashed-sale", merchantId: harness.merchantId, type: .sale, status: .pending,
                                  currency: .usd, amount: 5_000, createdAt: harness.clock.now())
        pending.card = CardSummary(maskedPan: "424242******4242", brand: "visa", panHash: "h", expiryMonth: 12, expiryYear: 2030, entryMode: "manual")
        let row = pending
        let body = TestSession.cardBody(amount: 5_000)
        let hash = IdempotencyProbe.hash(path: APIPath.sale, body: body)
        try await harness.store.write { writer in
            try await writer.insert(row)
            try await writer.insert(IdempotencyRecord(merchantId: row.merchantId, key: "crash-key", requestHash: hash,
                                                      transactionId: row.id, createdAt: harness.clock.now()))
        }
        let card = try KeyedCardFixture.visa()
        _ = try await harness.processor.authorize(AuthorizationRequest(
            transactionId: row.id, kind: .sale, amount: Money(minorUnits: 5_000, currency: .usd), card: card))

        #expect(try await harness.services.recovery.run() == 0, "still inside the grace period")
        harness.clock.advance(by: harness.configuration.recoveryGrace + 1)
        #expect(try await harness.services.recovery.run() == 1)
        let recovered = try #require(try await harness.store.transaction(id: row.id, merchantId: row.merchantId))
        #expect(recovered.status == .captured)
        #expect(recovered.capturedAmount == 5_000)
        #expect(await harness.processor.approvalCount(transactionId: row.id) == 1)

        try await harness.test { (session: TestSession) async throws in
            let retry = try await session.send(.post, APIPath.sale, json: body, headers: [IdempotencyRouteTests.key: "crash-key"])
            #expect(retry.status == 201)
            #expect(try retry.decode(TransactionResource.self).status == .captured)
            #expect(await harness.processor.approvalCount(transactionId: row.id) == 1)
        }
    }

    /// Two instances' recovery jobs read the same stuck row; the one that finishes second
    /// must not count it (nor log it) as its own.
    @Test func anOperationAnotherInstanceRecoveredFirstIsNotCountedAgain() async throws {
        let store = MemoryStore(), processor = GatedProcessor()
        let a = try await GatewayHarness.make(store: store, processor: processor)
        let b = a.sibling(store: store, processor: processor, webhookTransport: nil)
        let stuck = Transaction(id: "stuck-sale", merchantId: a.merchantId, type: .sale, status: .pending,
                                currency: .usd, amount: 700, createdAt: a.clock.now())
        try await store.write { try await $0.insert(stuck) }
        a.clock.advance(by: a.configuration.recoveryGrace + 1)
        let byB = Locked(-1)
        // A has read the row and asks the processor; meanwhile B's job finishes it.
        processor.beforeNextLookup {
            let count = (try? await b.services.recovery.run()) ?? -2
            byB.withLock { $0 = count }
        }
        #expect(try await a.services.recovery.run() == 0)
        #expect(byB.withLock { $0 } == 1)
        #expect(try await store.transaction(id: stuck.id, merchantId: a.merchantId)?.status == .failed)
        #expect(a.logs.all.filter { $0.contains("recovered pending operation") }.count == 1, "logged once, by B (the instances share a log)")
    }

    @Test func recoveryFailsAFollowUpTheProcessorNeverSawAndReleasesItsReservation() async throws {
        let harness = try await GatewayHarness.make()
        let saleId = try await harness.test { (session: TestSession) async throws in try await session.pay(amount: 10_000).id }
        try await harness.store.write { writer in
            var payment = try #require(try await writer.lockTransaction(id: saleId, merchantId: harness.merchantId))
            payment.pendingRefundAmount = 4_000
            var refund = Transaction(id: "crashed-refund", merchantId: harness.merchantId, type: .refund, status: .pending,
                                     parentId: saleId, currency: .usd, amount: 4_000, createdAt: harness.clock.now())
            refund.updatedAt = harness.clock.now()
            try await writer.insert(refund)
            try await writer.update(payment)
        }
        harness.clock.advance(by: harness.configuration.recoveryGrace + 1)
        #expect(try await harness.services.recovery.run() == 1)
        let refund = try await harness.store.transaction(id: "crashed-refund", merchantId: harness.merchantId)
        #expect(refund?.status == .failed)
        let payment = try #require(try await harness.store.transaction(id: saleId, merchantId: harness.merchantId))
        #expect(payment.pendingRefundAmount == 0)
        #expect(payment.refundableAmount == 10_000)
    }
}

@Suite("Gateway restart")
struct GatewayRestartTests {
    @Test func aRefundAfterRestartingTheGatewayIsApproved() async throws {
        let store = MemoryStore()
        let before = try await GatewayHarness.make(store: store)
        let saleId = try await before.test { (session: TestSession) async throws in try await session.pay(amount: 4_000).id }
        // The same database, a fresh process: the simulator's memory is gone, as in `tapline serve` after a restart.
        let restarted = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(approvesForgottenOriginals: true))
        let after = try await GatewayHarness.make(store: store, processor: restarted)
        try await after.test { (session: TestSession) async throws in
            let token = try await TestSession.token(session.client, clientId: before.clientId, secret: before.clientSecret)
            let refund = try await session.send(.post, APIPath.followUp(saleId, .refund), json: #"{"amount":1500}"#, token: token)
            #expect(refund.status == 201)
            #expect(try refund.decode(FollowUpResponse.self).payment.amounts?.refunded == 1_500)
        }
    }
}
