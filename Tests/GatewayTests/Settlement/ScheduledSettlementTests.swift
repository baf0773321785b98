import Foundation
import GatewayAPI
import PaymentCore
import Storage
import Testing

/// The settlement job closes each merchant's batch at its time slots, in its own zone,
/// across daylight-saving changes, once per slot.
@Suite("Scheduled settlement")
struct ScheduledSettlementTests {
    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// A gateway whose clock starts at `start` and whose merchant closes at `slots`.
    static func harness(start: String, slots: [SettlementTime]) async throws -> GatewayHarness {
        let harness = try await GatewayHarness.make(clock: TestClock(at(start)))
        try await harness.store.write { writer in
            var merchant = try #require(try await writer.merchant(id: harness.merchantId))
            merchant.paymentSettings.settlementTimes = slots
            try await writer.update(merchant)
        }
        return harness
    }

    static func move(_ harness: GatewayHarness, to text: String) {
        harness.clock.advance(by: at(text).timeIntervalSince(harness.clock.now()))
    }

    /// The session with a new access token: these tests move the clock by hours and days.
    static func fresh(_ session: TestSession) async throws -> TestSession {
        let token = try await TestSession.token(session.client, clientId: session.harness.clientId, secret: session.harness.clientSecret)
        return TestSession(client: session.client, token: token, harness: session.harness)
    }

    @Test func theBatchClosesAtTheSlotOnceAndALaterBatchWaitsForTheNextSlot() async throws {
        // 23:00 in New York is 03:00Z in summer.
        let harness = try await Self.harness(start: "2026-06-16T01:00:00Z", slots: [SettlementTime(hours: 23, minutes: 0, timeZone: "America/New_York")])
        try await harness.test { session in
            let sale = try await session.pay(amount: 2_500)
            Self.move(harness, to: "2026-06-16T02:59:59Z")
            #expect(try await harness.services.settlement.run().isEmpty)

            Self.move(harness, to: "2026-06-16T03:00:00Z")
            let closed = try await harness.services.settlement.run()
            #expect(closed.count == 1)
            #expect(closed.first?.closeReason == .schedule)
            #expect(closed.first?.scheduledFor == Self.at("2026-06-16T03:00:00Z"))
            #expect(closed.first?.totals == ["USD": 2_500])
            let settled = try await Self.fresh(session).send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(settled.settledAt == Self.at("2026-06-16T03:00:00Z"))
            // The scheduled close tells the merchant's server, as a requested one does.
            let probe = OutboxProbe(store: harness.store, merchantId: harness.merchantId)
            let settledEvents = try await probe.all().filter { $0.type == "transaction.settled" }
            #expect(try settledEvents.map { try probe.payload($0).data.transaction?.id } == [sale.id])
            #expect(try await harness.services.settlement.run().isEmpty, "one close per slot")

            // Captured after the slot: a new batch, which waits for tomorrow's slot.
            Self.move(harness, to: "2026-06-16T03:10:00Z")
            _ = try await Self.fresh(session).pay(amount: 700)
            Self.move(harness, to: "2026-06-16T12:00:00Z")
            #expect(try await harness.services.settlement.run().isEmpty)
            Self.move(harness, to: "2026-06-17T03:00:00Z")
            #expect(try await harness.services.settlement.run().map(\.totals) == [["USD": 700]])

            let list = try await Self.fresh(session).send(.get, APIPath.batches).decode(BatchList.self)
            #expect(list.items.map(\.closedBy) == ["schedule", "schedule"])
            #expect(list.items.map(\.scheduledFor) == [Self.at("2026-06-17T03:00:00Z"), Self.at("2026-06-16T03:00:00Z")])
        }
    }

    @Test func acrossTheSpringChangeASkippedSlotClosesWhenTheClocksJump() async throws {
        // 02:30 does not exist in New York on 8 March 2026: the clocks go from 02:00 EST to 03:00 EDT at 07:00Z.
        let harness = try await Self.harness(start: "2026-03-08T03:00:00Z", slots: [SettlementTime(hours: 2, minutes: 30, timeZone: "America/New_York")])
        try await harness.test { session in
            _ = try await session.pay(amount: 1_000)
            Self.move(harness, to: "2026-03-08T06:59:59Z")
            #expect(try await harness.services.settlement.run().isEmpty)
            Self.move(harness, to: "2026-03-08T07:00:00Z")
            #expect(try await harness.services.settlement.run().map(\.scheduledFor) == [Self.at("2026-03-08T07:00:00Z")])
            // The next night 02:30 is EDT: 06:30Z.
            Self.move(harness, to: "2026-03-08T08:00:00Z")
            _ = try await Self.fresh(session).pay(amount: 1_000)
            Self.move(harness, to: "2026-03-09T06:29:59Z")
            #expect(try await harness.services.settlement.run().isEmpty)
            Self.move(harness, to: "2026-03-09T06:30:00Z")
            #expect(try await harness.services.settlement.run().map(\.scheduledFor) == [Self.at("2026-03-09T06:30:00Z")])
        }
    }

    @Test func acrossTheAutumnChangeARepeatedSlotClosesOnce() async throws {
        // 01:30 happens twice in New York on 1 November 2026: 05:30Z (EDT) and 06:30Z (EST).
        let harness = try await Self.harness(start: "2026-11-01T04:30:00Z", slots: [SettlementTime(hours: 1, minutes: 30, timeZone: "America/New_York")])
        try await harness.test { session in
            _ = try await session.pay(amount: 1_000)
            Self.move(harness, to: "2026-11-01T05:30:00Z")
            #expect(try await harness.services.settlement.run().count == 1)
            // Captured between the two 01:30s: the second one does not close it.
            Self.move(harness, to: "2026-11-01T06:00:00Z")
            _ = try await Self.fresh(session).pay(amount: 2_000)
            Self.move(harness, to: "2026-11-01T06:30:00Z")
            #expect(try await harness.services.settlement.run().isEmpty)
            Self.move(harness, to: "2026-11-02T06:30:00Z")
            #expect(try await harness.services.settlement.run().map(\.totals) == [["USD": 2_000]])
        }
    }

    @Test func aGatewayThatWasDownAtTheSlotClosesOnceWhenItComesBack() async throws {
        let harness = try await Self.harness(start: "2026-06-16T10:00:00Z", slots: [SettlementTime(hours: 23, minutes: 0, timeZone: "UTC")])
        try await harness.test { session in
            _ = try await session.pay(amount: 1_000)
            Self.move(harness, to: "2026-06-19T08:00:00Z")
            let closed = try await harness.services.settlement.run()
            #expect(closed.map(\.scheduledFor) == [Self.at("2026-06-18T23:00:00Z")], "the latest missed slot, once")
            #expect(try await harness.services.settlement.run().isEmpty)
        }
    }

    @Test func eachMerchantClosesInItsOwnZone() async throws {
        let harness = try await Self.harness(start: "2026-06-16T00:00:00Z", slots: [SettlementTime(hours: 9, minutes: 0, timeZone: "Asia/Tokyo")])
        let london = try await harness.services.admin.createMerchant(name: "London shop")
        try await harness.store.write { writer in
            var merchant = try #require(try await writer.merchant(id: london.id))
            merchant.paymentSettings.settlementTimes = [SettlementTime(hours: 9, minutes: 0, timeZone: "Europe/London")]
            try await writer.update(merchant)
            let batch = Batch(id: "b_london", merchantId: london.id, openedAt: Self.at("2026-06-16T00:00:00Z"))
            try await writer.insert(batch)
        }
        try await harness.test { session in
            _ = try await session.pay(amount: 1_000)
            // Both batches opened at 00:00Z, the Tokyo merchant's exactly at its 09:00 JST slot: neither is due.
            Self.move(harness, to: "2026-06-16T07:59:59Z")
            #expect(try await harness.services.settlement.run().isEmpty)
            // 09:00 in London is 08:00Z in summer.
            Self.move(harness, to: "2026-06-16T08:00:00Z")
            #expect(try await harness.services.settlement.run().map(\.merchantId) == [london.id])
            // 09:00 in Tokyo is 00:00Z.
            Self.move(harness, to: "2026-06-17T00:00:00Z")
            #expect(try await harness.services.settlement.run().map(\.merchantId) == [harness.merchantId])
        }
    }

    @Test func aClosedBatchShowsTotalsPerCardBrandAndPerType() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            _ = try await session.pay(pan: "4242424242424242", amount: 3_000)
            let auth = try await session.pay("authorization", pan: "5555555555554444", amount: 2_000)
            #expect(try await session.followUp(auth.id, .capture, json: #"{"amount":1500}"#).status == 201)
            let amex = try await session.pay(pan: "378282246310005", amount: 1_000)
            #expect(try await session.followUp(amex.id, .refund, json: #"{"amount":400}"#).status == 201)
            let voided = try await session.pay(amount: 999)
            #expect(try await session.followUp(voided.id, .void).status == 201)

            let batch = try await session.send(.post, APIPath.closeBatch).decode(BatchResource.self)
            #expect(batch.closedBy == "request")
            #expect(batch.scheduledFor == nil)
            #expect(batch.transactionCount == 4)
            #expect(batch.totals == ["USD": 5_100])
            #expect(batch.byCardBrand == [
                BatchSubtotalResource(name: "amex", currency: "USD", count: 2, amount: 600),
                BatchSubtotalResource(name: "mastercard", currency: "USD", count: 1, amount: 1_500),
                BatchSubtotalResource(name: "visa", currency: "USD", count: 1, amount: 3_000),
            ])
            #expect(batch.byType == [
                BatchSubtotalResource(name: "capture", currency: "USD", count: 1, amount: 1_500),
                BatchSubtotalResource(name: "refund", currency: "USD", count: 1, amount: -400),
                BatchSubtotalResource(name: "sale", currency: "USD", count: 2, amount: 4_000),
            ])
            #expect(batch.byType.map(\.amount).reduce(0, +) == batch.totals["USD"], "the lines add up to the total")
            let one = try await session.send(.get, APIPath.batch(batch.id))
            #expect(one.status == 200)
            #expect(try one.decode(BatchResource.self) == batch)
            let other = try await harness.otherMerchantToken(session.client)
            #expect(try await session.send(.get, APIPath.batch(batch.id), token: other).status == 404)
            #expect(try await session.send(.get, APIPath.batch("b_missing")).status == 404)
        }
    }
}
