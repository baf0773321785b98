import Foundation
import Gateway
import GatewayAPI
import Storage
import Testing

/// One outbox, two workers: each instance claims due deliveries with `FOR UPDATE SKIP
/// LOCKED` and a lease, so every event reaches the merchant at least once and never from
/// both instances at the same time. The workers are driven pass by pass, never by sleeping.
@Suite("Two instances: one webhook outbox", .serialized, .enabled(if: TwoInstanceFleet.enabled, TwoInstanceFleet.skipped))
struct TwoInstanceWebhookTests {
    /// One pass on each instance at the same time; returns both reports. The first pass to
    /// end lets any held post go, so a pass that found nothing cannot leave the other waiting.
    static func passes(_ fleet: TwoInstanceFleet, _ receiver: FleetWebhookReceiver) async throws -> [WebhookPassReport] {
        try await withThrowingTaskGroup(of: WebhookPassReport.self) { group in
            for worker in [fleet.a.services.webhooks, fleet.b.services.webhooks] {
                group.addTask { try await worker.deliverDue() }
            }
            var reports: [WebhookPassReport] = []
            for try await report in group {
                receiver.release()
                reports.append(report)
            }
            return reports
        }
    }

    /// Passes on both instances until neither finds anything due (bounded).
    static func drain(_ fleet: TwoInstanceFleet, _ receiver: FleetWebhookReceiver) async throws -> Int {
        var attempted = 0
        for _ in 0..<20 {
            let round = try await passes(fleet, receiver).map(\.attempted).reduce(0, +)
            if round == 0 { return attempted }
            attempted += round
        }
        Issue.record("the outbox did not drain in 20 rounds")
        return attempted
    }

    @Test func everyEventIsDeliveredAtLeastOnceAndNeverByBothInstancesAtOnce() async throws {
        let receiver = FleetWebhookReceiver()
        try await receiver.run { url in
            try await TwoInstanceFleet.run(webhookTransport: { FleetWebhookReceiver.Tagging(instance: $0) }) { fleet in
                try await fleet.test { first, second in
                    _ = try await first.createEndpoint(url: url, events: ["transaction.captured"])
                    // More than one pass claims (64), so both workers have their share.
                    try await Self.sales(80, first, second)

                    receiver.holdUntilBothInstancesPost()
                    #expect(try await Self.drain(fleet, receiver) == 80)
                    #expect(receiver.overlapped, "both instances posted at the same moment")
                    #expect(Set(receiver.posts.map(\.instance)) == ["a", "b"])

                    // The merchant's server fails for a while: attempts fail on both
                    // instances, and the retries, on whichever instance, deliver them.
                    receiver.answer(503)
                    try await Self.sales(10, first, second)
                    _ = try await Self.drain(fleet, receiver)
                    receiver.answer(200)
                    fleet.clock.advance(by: 3_600)
                    _ = try await Self.drain(fleet, receiver)

                    #expect(receiver.maxInFlightPerEvent == 1, "no event was ever posted by both instances at once")
                    let events = try await OutboxProbe(store: fleet.store, merchantId: fleet.merchantId).all()
                        .filter { $0.type == "transaction.captured" }
                    #expect(events.count == 90)
                    let posts = receiver.posts
                    for event in events {
                        let delivered = posts.filter { $0.eventId == event.id && $0.status == 200 }
                        #expect(delivered.count == 1, "\(event.id) was delivered \(delivered.count) times")
                        let deliveries = try await fleet.store.read { [merchantId = fleet.merchantId] in
                            try await $0.webhookDeliveries(eventId: event.id, merchantId: merchantId)
                        }
                        #expect(deliveries.map(\.status) == [.delivered])
                    }
                    #expect(posts.contains { $0.status == 503 }, "some attempts failed and were retried")
                }
            }
        }
    }

    /// `count` sales, split across both instances, eight at a time.
    static func sales(_ count: Int, _ first: TestSession, _ second: TestSession) async throws {
        for start in stride(from: 0, to: count, by: 8) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in start..<min(count, start + 8) {
                    let session = index.isMultiple(of: 2) ? first : second
                    group.addTask { _ = try await session.pay(amount: 100 + Int64(index)) }
                }
                try await group.waitForAll()
            }
        }
    }
}
