@testable import Gateway
import CardData
import Foundation
import GatewayAPI
import Processing
import Testing

/// The simulator's disputed test card: a sale on it is disputed a few seconds later, by the
/// job that asks each processor for the disputes it reports.
@Suite("Disputes: the simulator's disputed card")
struct DisputeFeedJobTests {
    @Test func aSaleOnTheDisputedCardIsDisputedAfterTheDelay() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let sale = try await session.pay(pan: TestCards.disputed.pan, amount: 2_500)
            let plain = try await session.pay(amount: 700)
            #expect(try await harness.services.disputeFeed.run() == 0, "the delay starts when the job first asks")
            harness.clock.advance(by: SimulatedProcessorConfiguration.defaultDisputeDelay)
            #expect(try await harness.services.disputeFeed.run() == 1)
            let list = try await session.send(.get, APIPath.disputes).decode(DisputeList.self)
            let dispute = try #require(list.items.first)
            #expect(list.total == 1)
            #expect(dispute.paymentId == sale.id && dispute.paymentId != plain.id)
            #expect(dispute.amount == 2_500 && dispute.reasonCode == "10.4" && dispute.status == .needsResponse)
            #expect(dispute.respondBy == harness.clock.now().addingTimeInterval(7 * 86_400))
            let events = try await session.send(.get, APIPath.events + "?type=dispute.created").decode(WebhookEventList.self)
            #expect(events.items.map { $0.data.dispute?.id } == [dispute.id])
            #expect(try await harness.services.disputeFeed.run() == 0, "reported once")
        }
    }

    @Test func aDisputeOfAPaymentRefundedSinceIsLoggedNotOpened() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let sale = try await session.pay(pan: TestCards.disputed.pan, amount: 2_500)
            let refund = try await session.followUp(sale.id, .refund)
            #expect(refund.status == 201, "\(refund.text)")
            _ = try await harness.services.disputeFeed.run()
            harness.clock.advance(by: SimulatedProcessorConfiguration.defaultDisputeDelay)
            #expect(try await harness.services.disputeFeed.run() == 0)
            #expect(harness.logs.all.contains { $0.contains("a reported dispute was not opened") })
        }
    }
}
