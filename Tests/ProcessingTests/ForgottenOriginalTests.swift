import PaymentCore
import Processing
import Testing

@Suite("A restarted simulator and the payments of its earlier run")
struct ForgottenOriginalTests {
    @Test func strictByDefaultForgivingWhenAsked() async throws {
        let earlier = SimulatedProcessor()
        let reference = try await Fixtures.approved(earlier, "sale-1", amount: 5_000, kind: .sale)
        let refund = Fixtures.followUp("refund-1", of: "sale-1", reference: reference, amount: 1_000)

        let strict = SimulatedProcessor()
        let refused = try await strict.refund(refund)
        #expect(refused.outcome == .declined)
        #expect(refused.result.responseCode == "12")

        let forgiving = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(approvesForgottenOriginals: true))
        let approved = try await forgiving.refund(refund)
        #expect(approved.outcome == .approved(amount: 1_000))
        #expect(try await forgiving.refund(refund) == approved, "a repeat replays, it does not approve again")
        #expect(await forgiving.approvalCount(transactionId: "refund-1") == 1)
    }

    @Test func onlyReferencesTheSimulatorIssuedAreHonoured() async throws {
        let forgiving = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(approvesForgottenOriginals: true))
        let foreign = try await forgiving.refund(Fixtures.followUp("r", of: "x", reference: "acq_123", amount: 100))
        #expect(foreign.outcome == .declined)
        let none = try await forgiving.refund(Fixtures.followUp("r2", of: "y", reference: nil, amount: 100))
        #expect(none.outcome == .declined)
    }
}
