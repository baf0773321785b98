import CardData
import PaymentCore
import Processing
import Testing

/// The amount-driven test card decides an incremental authorization by its delta, as it
/// decided the authorization by its amount; other cards approve any increment.
@Suite("Simulator: increments on the amount-driven card")
struct AmountDrivenIncrementTests {
    let processor = SimulatedProcessor()

    @Test func theDeltaChoosesTheResponseCode() async throws {
        let response = try await processor.authorize(Fixtures.authorization("a1", pan: TestCards.amountDriven.pan, amount: 10_000))
        let reference = try #require(response.result.reference)
        let approved = try await processor.incrementAuthorization(Fixtures.followUp("i1", of: "a1", reference: reference, amount: 2_000))
        #expect(approved.shape == .approved(2_000, "00"))
        let declined = try await processor.incrementAuthorization(Fixtures.followUp("i2", of: "a1", reference: reference, amount: 2_051))
        #expect(declined.shape == .declined("51"))
        // The declined increment left the hold where it was: the whole of it can be captured,
        // with at most a fifth on top (tip overcapture), no more.
        let over = try await processor.capture(Fixtures.followUp("c1", of: "a1", reference: reference, amount: 14_401))
        #expect(over.shape == .declined("13"))
        let capture = try await processor.capture(Fixtures.followUp("c2", of: "a1", reference: reference, amount: 12_000))
        #expect(capture.shape == .approved(12_000, "00"))
    }

    @Test func otherCardsApproveAnyDelta() async throws {
        let reference = try await Fixtures.approved(processor, "a1")
        let response = try await processor.incrementAuthorization(Fixtures.followUp("i1", of: "a1", reference: reference, amount: 2_051))
        #expect(response.shape == .approved(2_051, "00"))
    }
}
