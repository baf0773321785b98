import Foundation
import Storage
import Testing
import TestSupport

/// The webhook outbox, on every store: records round-trip, lists are scoped and ordered,
/// due deliveries are found by status and time, and a failed write leaves no event.
@Suite("Store contract: webhooks")
struct StoreWebhookContractTests {
    static func endpoint(_ id: String, merchantId: String = "m_1", at minute: Int64 = 0) -> WebhookEndpoint {
        WebhookEndpoint(id: id, merchantId: merchantId, url: "https://example.com/hooks/\(id)", events: ["*"],
                        sealedSecret: "v1.sealed-\(id)", createdAt: Fixtures.minutes(minute))
    }

    static func event(_ id: String, merchantId: String = "m_1", type: String = "transaction.created", transactionId: String = "t_1",
                      at minute: Int64 = 0) -> WebhookEvent {
        WebhookEvent(id: id, merchantId: merchantId, type: type, transactionId: transactionId, createdAt: Fixtures.minutes(minute),
                     payload: Data(#"{"id":"\#(id)"}"#.utf8))
    }

    @Test(arguments: StoreFactories.all)
    func recordsRoundTripEveryField(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var endpoint = Self.endpoint("we_1")
            endpoint.description = "Orders · Zoë"
            endpoint.events = ["transaction.captured", "transaction.refunded"]
            let event = Self.event("evt_1")
            var delivery = WebhookDelivery(id: "whd_1", eventId: "evt_1", endpointId: "we_1", merchantId: "m_1",
                                           nextAttemptAt: Fixtures.minutes(1), eventCreatedAt: Fixtures.minutes(0))
            let attempt = WebhookAttempt(id: "wha_1", deliveryId: "whd_1", merchantId: "m_1", attemptedAt: Fixtures.date(61_234),
                                         statusCode: 500, error: nil, durationMilliseconds: 12)
            let timedOut = WebhookAttempt(id: "wha_2", deliveryId: "whd_1", merchantId: "m_1", attemptedAt: Fixtures.date(91_234),
                                          statusCode: nil, error: "no answer", durationMilliseconds: 10_000)
            try await store.write { [endpoint, delivery] writer in
                try await writer.insert(endpoint)
                try await writer.insert(event)
                try await writer.insert(delivery)
                try await writer.insert(attempt)
                try await writer.insert(timedOut)
            }
            #expect(try await store.read { try await $0.webhookEndpoint(id: "we_1", merchantId: "m_1") } == endpoint)
            #expect(try await store.read { try await $0.webhookEvent(id: "evt_1", merchantId: "m_1") } == event)
            #expect(try await store.read { try await $0.webhookDeliveries(eventId: "evt_1", merchantId: "m_1") } == [delivery])
            #expect(try await store.read { try await $0.webhookAttempts(deliveryId: "whd_1", merchantId: "m_1") } == [attempt, timedOut])

            delivery.status = .delivered
            delivery.attemptCount = 2
            delivery.deliveredAt = Fixtures.date(91_500)
            try await store.write { [delivery] in try await $0.update(delivery) }
            #expect(try await store.read { try await $0.webhookDeliveries(eventId: "evt_1", merchantId: "m_1") } == [delivery])
        }
    }

    @Test(arguments: StoreFactories.all)
    func everyQueryIsScopedByMerchant(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { writer in
                try await writer.insert(Self.endpoint("we_1"))
                try await writer.insert(Self.event("evt_1"))
            }
            #expect(try await store.read { try await $0.webhookEndpoint(id: "we_1", merchantId: "m_2") } == nil)
            #expect(try await store.read { try await $0.webhookEndpoints(merchantId: "m_2") } == [])
            #expect(try await store.read { try await $0.webhookEvent(id: "evt_1", merchantId: "m_2") } == nil)
            #expect(try await store.read { try await $0.webhookEvents(WebhookEventQuery(merchantId: "m_2")) }.total == 0)
            var stolen = Self.endpoint("we_1", merchantId: "m_2")
            stolen.url = "https://attacker.example"
            try await expectStoreError(.notFound) { try await store.write { [stolen] in try await $0.update(stolen) } }
            try await expectStoreError(.duplicate) { try await store.write { try await $0.insert(Self.event("evt_1")) } }
        }
    }

    @Test(arguments: StoreFactories.all)
    func eventsListNewestFirstWithFiltersAndPages(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { writer in
                try await writer.insert(Self.event("evt_a", type: "transaction.created", transactionId: "t_1", at: 1))
                try await writer.insert(Self.event("evt_b", type: "transaction.captured", transactionId: "t_1", at: 2))
                try await writer.insert(Self.event("evt_c", type: "transaction.created", transactionId: "t_2", at: 2))
                try await writer.insert(Self.event("evt_d", type: "transaction.created", transactionId: "t_3", at: 5))
            }
            let all = try await store.read { try await $0.webhookEvents(WebhookEventQuery(merchantId: "m_1")) }
            #expect(all.items.map(\.id) == ["evt_d", "evt_c", "evt_b", "evt_a"])
            #expect(all.total == 4)

            var query = WebhookEventQuery(merchantId: "m_1")
            query.type = "transaction.created"
            query.createdFrom = Fixtures.minutes(2)
            query.createdTo = Fixtures.minutes(5)
            let filtered = try await store.read { [query] in try await $0.webhookEvents(query) }
            #expect(filtered.items.map(\.id) == ["evt_c"])

            var byPayment = WebhookEventQuery(merchantId: "m_1")
            byPayment.transactionId = "t_1"
            byPayment.pageSize = 1
            byPayment.page = 1
            let page = try await store.read { [byPayment] in try await $0.webhookEvents(byPayment) }
            #expect(page.items.map(\.id) == ["evt_a"])
            #expect(page.total == 2)
        }
    }

    static func delivery(_ id: String, minute: Int64, status: WebhookDelivery.Status = .pending, endpoint: String = "we_1") -> WebhookDelivery {
        WebhookDelivery(id: id, eventId: "evt_1", endpointId: endpoint, merchantId: "m_1", status: status,
                        nextAttemptAt: Fixtures.minutes(minute), eventCreatedAt: Fixtures.minutes(0))
    }

    @Test(arguments: StoreFactories.all)
    func dueDeliveriesAreThePendingOnesWhoseTimeCameSoonestFirst(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { writer in
                try await writer.insert(Self.endpoint("we_1"))
                try await writer.insert(Self.endpoint("we_2"))
                try await writer.insert(Self.event("evt_1"))
                for made in [Self.delivery("d_late", minute: 9), Self.delivery("d_soon", minute: 1), Self.delivery("d_now", minute: 3),
                             Self.delivery("d_done", minute: 0, status: .delivered), Self.delivery("d_other", minute: 2, endpoint: "we_2")] {
                    try await writer.insert(made)
                }
            }
            let due = try await store.read { try await $0.dueWebhookDeliveries(at: Fixtures.minutes(3), limit: 10) }
            #expect(due.map(\.id) == ["d_soon", "d_other", "d_now"])
            #expect(try await store.read { try await $0.dueWebhookDeliveries(at: Fixtures.minutes(3), limit: 1) }.map(\.id) == ["d_soon"])

            // Deleting an endpoint cancels only its pending deliveries.
            let cancelled = try await store.write { try await $0.cancelWebhookDeliveries(endpointId: "we_1", merchantId: "m_1") }
            #expect(cancelled == 3)
            #expect(try await store.read { try await $0.dueWebhookDeliveries(at: Fixtures.minutes(10), limit: 10) }.map(\.id) == ["d_other"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func aDeliveryNeedsItsEventAndEndpoint(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let orphan = WebhookDelivery(id: "whd_x", eventId: "evt_missing", endpointId: "we_missing", merchantId: "m_1",
                                         nextAttemptAt: Fixtures.epoch, eventCreatedAt: Fixtures.epoch)
            try await expectStoreError(.notFound) { try await store.write { try await $0.insert(orphan) } }
        }
    }

    @Test(arguments: StoreFactories.all)
    func aFailedWriteLeavesNoEvent(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            struct Abort: Error {}
            await #expect(throws: Abort.self) {
                try await store.write { writer in
                    try await writer.insert(Self.event("evt_1"))
                    throw Abort()
                }
            }
            #expect(try await store.read { try await $0.webhookEvent(id: "evt_1", merchantId: "m_1") } == nil)
        }
    }
}
