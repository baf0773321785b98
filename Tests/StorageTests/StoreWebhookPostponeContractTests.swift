import Foundation
import Storage
import Testing
import TestSupport

/// A failing endpoint's due deliveries move to its next retry together, on every store; the
/// ones past their retry period are given up instead.
@Suite("Store contract: postponing an endpoint's deliveries")
struct StoreWebhookPostponeContractTests {
    typealias Contract = StoreWebhookContractTests

    static func delivery(_ id: String, due minute: Int64, eventAt created: Int64 = 0, endpoint: String = "we_1",
                         status: WebhookDelivery.Status = .pending) -> WebhookDelivery {
        WebhookDelivery(id: id, eventId: "evt_1", endpointId: endpoint, merchantId: "m_1", status: status,
                        nextAttemptAt: Fixtures.minutes(minute), eventCreatedAt: Fixtures.minutes(created))
    }

    @Test(arguments: StoreFactories.all)
    func onlyTheEndpointsDuePendingDeliveriesMoveAndTheExpiredAreGivenUp(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { writer in
                try await writer.insert(Contract.endpoint("we_1"))
                try await writer.insert(Contract.endpoint("we_2"))
                try await writer.insert(Contract.event("evt_1"))
                for made in [
                    Self.delivery("d_due", due: 5, eventAt: 4), Self.delivery("d_old", due: 5, eventAt: 0),
                    Self.delivery("d_later", due: 20, eventAt: 4), Self.delivery("d_done", due: 1, eventAt: 4, status: .delivered),
                    Self.delivery("d_other", due: 5, eventAt: 4, endpoint: "we_2"),
                ] {
                    try await writer.insert(made)
                }
            }
            let moved = try await store.write {
                try await $0.postponeWebhookDeliveries(
                    endpointId: "we_1", merchantId: "m_1", dueBy: Fixtures.minutes(10), until: Fixtures.minutes(15),
                    giveUpCreatedBefore: Fixtures.minutes(1))
            }
            #expect(moved.postponed == 1 && moved.givenUp == 1)
            let all = try await store.read { try await $0.webhookDeliveries(eventId: "evt_1", merchantId: "m_1") }
            let byId = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
            #expect(byId["d_due"]?.nextAttemptAt == Fixtures.minutes(15) && byId["d_due"]?.status == .pending)
            #expect(byId["d_old"]?.status == .failed)
            #expect(byId["d_later"]?.nextAttemptAt == Fixtures.minutes(20), "not due yet: left alone")
            #expect(byId["d_done"]?.status == .delivered)
            #expect(byId["d_other"]?.nextAttemptAt == Fixtures.minutes(5), "another endpoint: left alone")
        }
    }
}
