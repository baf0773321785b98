import CardData
import Foundation
import PaymentCore
import Processing
import Testing

/// The disputed test card: approved like any card, and once captured the simulator reports a
/// dispute of the whole captured amount, `disputeDelay` after the gateway first asks.
@Suite struct SimulatedDisputeTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aSaleOnTheDisputedCardIsReportedOnceAfterTheDelay() async throws {
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(disputeDelay: 5))
        let sale = try await processor.authorize(Fixtures.authorization("s1", pan: TestCards.disputed.pan, amount: 1_800, kind: .sale))
        #expect(sale.outcome == .approved(amount: 1_800))
        _ = try await processor.authorize(Fixtures.authorization("s2", amount: 900, kind: .sale))
        #expect(await processor.reportedDisputes(at: Self.start).isEmpty, "the delay starts when first asked")
        #expect(await processor.reportedDisputes(at: Self.start.addingTimeInterval(4.9)).isEmpty)
        let due = await processor.reportedDisputes(at: Self.start.addingTimeInterval(5))
        #expect(due.count == 1)
        let dispute = try #require(due.first)
        #expect(dispute.paymentId == "s1")
        #expect(dispute.amount == Fixtures.usd(1_800))
        #expect(dispute.reasonCode == "10.4")
        #expect(dispute.reference.hasPrefix("sim_dp_"))
        #expect(await processor.reportedDisputes(at: Self.start.addingTimeInterval(60)).isEmpty, "handed over once")
    }

    @Test func anAuthorizationIsDisputedOnlyOnceCaptured() async throws {
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(disputeDelay: 0))
        let hold = try await processor.authorize(Fixtures.authorization("a1", pan: TestCards.disputed.pan, amount: 5_000))
        let reference = try #require(hold.result.reference)
        #expect(await processor.reportedDisputes(at: Self.start).isEmpty, "a hold moves no money to dispute")
        let capture = try await processor.capture(Fixtures.followUp("c1", of: "a1", reference: reference, amount: 4_000))
        #expect(capture.outcome == .approved(amount: 4_000))
        let due = await processor.reportedDisputes(at: Self.start)
        #expect(due.map(\.paymentId) == ["a1"])
        #expect(due.first?.amount == Fixtures.usd(4_000))
    }
}
