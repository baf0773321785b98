import Foundation
import Storage
import Testing
import TestSupport

/// The outbox's backlog as `/metrics` shows it: every merchant's pending deliveries, due or
/// not, and the oldest one's event time, on every store.
@Suite("Store contract: the webhook backlog")
struct StoreWebhookBacklogContractTests {
    typealias Postpone = StoreWebhookPostponeContractTests

    @Test(arguments: StoreFactories.all)
    func theBacklogCountsPendingDeliveriesAndFindsTheOldestEvent(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            #expect(try await store.read { try await $0.webhookBacklog() } == WebhookBacklog(count: 0, oldestEventCreatedAt: nil))
            try await store.write { writer in
                try await writer.insert(StoreWebhookContractTests.endpoint("we_1"))
                try await writer.insert(StoreWebhookContractTests.event("evt_1"))
                for made in [
                    Postpone.delivery("d_due", due: 5, eventAt: 4), Postpone.delivery("d_later", due: 20, eventAt: 3),
                    Postpone.delivery("d_done", due: 1, eventAt: 1, status: .delivered),
                    Postpone.delivery("d_failed", due: 1, eventAt: 0, status: .failed),
                ] {
                    try await writer.insert(made)
                }
            }
            let backlog = try await store.read { try await $0.webhookBacklog() }
            #expect(backlog == WebhookBacklog(count: 2, oldestEventCreatedAt: Fixtures.minutes(3)))
        }
    }
}
