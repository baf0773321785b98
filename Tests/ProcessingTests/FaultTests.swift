import CardData
import PaymentCore
import Processing
import Testing

@Suite struct FaultTests {
    private static let down = ProcessorError.unavailable(code: "91", message: "Issuer or switch inoperative")

    @Test(arguments: [SimulatedFault.error(down), .error(.noAnswer)])
    func injectedErrorFailsTheNextCallsAndDecidesNothing(_ fault: SimulatedFault) async throws {
        let processor = SimulatedProcessor()
        await processor.injectFault(fault, on: .authorize, times: 2)
        guard case .error(let error) = fault else { return }
        await #expect(throws: error) { try await processor.authorize(Fixtures.authorization("t1")) }
        await #expect(throws: error) { try await processor.authorize(Fixtures.authorization("t1")) }
        #expect(try await processor.lookup(transactionId: "t1") == nil)
        #expect(await processor.approvalCount(transactionId: "t1") == 0)
        // The third call goes through.
        #expect(try await processor.authorize(Fixtures.authorization("t1")).outcome == .approved(amount: 10_000))
    }

    @Test func faultsOnlyHitTheirOperation() async throws {
        let processor = SimulatedProcessor()
        await processor.injectFault(.error(Self.down), on: .capture)
        let reference = try await Fixtures.approved(processor, "a1")
        let capture = Fixtures.followUp("c1", of: "a1", reference: reference, amount: 100)
        await #expect(throws: Self.down) { try await processor.capture(capture) }
        #expect(try await processor.capture(capture).outcome == .approved(amount: 100))
    }

    @Test func faultsFromTheConfiguration() async throws {
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(
            faults: [.authorize: [.error(.noAnswer), .error(Self.down)]]))
        await #expect(throws: ProcessorError.noAnswer) { try await processor.authorize(Fixtures.authorization("t1")) }
        await #expect(throws: Self.down) { try await processor.authorize(Fixtures.authorization("t1")) }
        #expect(try await processor.authorize(Fixtures.authorization("t1")).outcome == .approved(amount: 10_000))
    }

    @Test func lostAnswerIsRecordedAndFoundByLookup() async throws {
        let processor = SimulatedProcessor()
        await processor.injectFault(.loseAnswer, on: .authorize)
        await #expect(throws: ProcessorError.noAnswer) { try await processor.authorize(Fixtures.authorization("t1")) }
        let found = try #require(try await processor.lookup(transactionId: "t1"))
        #expect(found.outcome == .approved(amount: 10_000))
        #expect(await processor.approvalCount(transactionId: "t1") == 1)
        // Retrying with the same id gets the same approval, not a second one.
        #expect(try await processor.authorize(Fixtures.authorization("t1")) == found)
        #expect(await processor.approvalCount(transactionId: "t1") == 1)
    }

    @Test func losesAnswersSwitch() async throws {
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(losesAnswers: true))
        await #expect(throws: ProcessorError.noAnswer) { try await processor.authorize(Fixtures.authorization("t1")) }
        await #expect(throws: ProcessorError.noAnswer) { try await processor.authorize(Fixtures.authorization("t2")) }
        // Recovery still works while answers are being lost.
        #expect(try await processor.lookup(transactionId: "t1")?.outcome == .approved(amount: 10_000))
        await processor.setLosesAnswers(false)
        #expect(try await processor.authorize(Fixtures.authorization("t3")).outcome == .approved(amount: 10_000))
        #expect(await processor.approvalCount(transactionId: "t2") == 1)
    }

    @Test func cancelReversesALostApproval() async throws {
        let processor = SimulatedProcessor()
        await processor.injectFault(.loseAnswer, on: .authorize)
        await #expect(throws: ProcessorError.noAnswer) { try await processor.authorize(Fixtures.authorization("t1")) }
        let reference = try #require(try await processor.lookup(transactionId: "t1")?.result.reference)
        try await processor.cancel(transactionId: "t1")
        try await processor.cancel(transactionId: "t1")
        #expect(await processor.isReversed(transactionId: "t1"))
        let after = try #require(try await processor.lookup(transactionId: "t1"))
        #expect(after.shape == .failed("68"))
        // The reversed hold can no longer be captured, and a retry does not approve again.
        let capture = Fixtures.followUp("c1", of: "t1", reference: reference, amount: 100)
        #expect(try await processor.capture(capture).shape == .declined("12"))
        #expect(try await processor.authorize(Fixtures.authorization("t1")) == after)
        #expect(await processor.approvalCount(transactionId: "t1") == 1)
    }

    @Test func cancelBeforeTheRequestArrivesRefusesItLater() async throws {
        let processor = SimulatedProcessor()
        try await processor.cancel(transactionId: "t1")
        #expect(try await processor.authorize(Fixtures.authorization("t1")).shape == .failed("68"))
        #expect(await processor.approvalCount(transactionId: "t1") == 0)
    }

    @Test func cancelOfAFollowUpUndoesOnlyThatFollowUp() async throws {
        let processor = SimulatedProcessor()
        let reference = try await Fixtures.approved(processor, "s1", amount: 10_000, kind: .sale)
        let refund = { (id: String, amount: Int64) in Fixtures.followUp(id, of: "s1", reference: reference, amount: amount) }
        await processor.injectFault(.loseAnswer, on: .refund)
        await #expect(throws: ProcessorError.noAnswer) { try await processor.refund(refund("r1", 6_000)) }
        #expect(try await processor.refund(refund("r2", 3_000)).outcome == .approved(amount: 3_000))
        try await processor.cancel(transactionId: "r1")
        // Only r2's 3,000 stays refunded.
        #expect(try await processor.refund(refund("r3", 7_001)).shape == .declined("13"))
        #expect(try await processor.refund(refund("r4", 7_000)).outcome == .approved(amount: 7_000))
    }

    @Test func noAnswerCardCanBeCancelled() async throws {
        let processor = SimulatedProcessor()
        let request = Fixtures.authorization("t1", pan: TestCards.noAnswer.pan)
        await #expect(throws: ProcessorError.noAnswer) { try await processor.authorize(request) }
        try await processor.cancel(transactionId: "t1")
        #expect(await processor.isReversed(transactionId: "t1"))
        #expect(await processor.calls.map(\.operation) == [.authorize, .cancel])
    }

    @Test func lookupAndCancelTakeFaultsToo() async throws {
        let processor = SimulatedProcessor()
        await processor.injectFault(.error(Self.down), on: .lookup)
        await processor.injectFault(.error(.noAnswer), on: .cancel)
        await #expect(throws: Self.down) { try await processor.lookup(transactionId: "t1") }
        await #expect(throws: ProcessorError.noAnswer) { try await processor.cancel(transactionId: "t1") }
        #expect(await !processor.isReversed(transactionId: "t1"))
        try await processor.cancel(transactionId: "t1")
        #expect(await processor.isReversed(transactionId: "t1"))
    }

    @Test func callLogRecordsEveryCallWithoutCardData() async throws {
        let processor = SimulatedProcessor()
        _ = try await processor.authorize(Fixtures.authorization("t1"))
        _ = try await processor.authorize(Fixtures.authorization("t2", pan: TestCards.doNotHonour.pan))
        _ = try await processor.lookup(transactionId: "t3")
        try await processor.cancel(transactionId: "t2")
        let calls = await processor.calls
        #expect(calls == [
            ProcessorCall(operation: .authorize, transactionId: "t1", result: .answered(.approved(amount: 10_000))),
            ProcessorCall(operation: .authorize, transactionId: "t2", result: .answered(.declined)),
            ProcessorCall(operation: .lookup, transactionId: "t3", result: .notFound),
            ProcessorCall(operation: .cancel, transactionId: "t2", result: .cancelled),
        ])
        var dumped = ""
        dump(processor, to: &dumped)
        dump(calls, to: &dumped)
        #expect(!dumped.contains(TestCards.visaApproved.pan))
        #expect(!dumped.contains(TestCards.doNotHonour.pan))
    }

    /// A caller that gives up while the answer is on its way back leaves the decision
    /// recorded: the lost-answer case a gateway timeout produces. No real waiting happens,
    /// because the task is cancelled before or during its sleep.
    @Test func cancelledCallerLosesTheAnswerButNotTheDecision() async throws {
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(latency: .seconds(3600)))
        let task = Task { try await processor.authorize(Fixtures.authorization("t1")) }
        task.cancel()
        await #expect(throws: ProcessorError.noAnswer) { try await task.value }
        // Not `lookup`: it would wait out the latency as well.
        #expect(await processor.approvalCount(transactionId: "t1") == 1)
        #expect(await processor.calls.map(\.result) == [.threw(.noAnswer)])
    }
}
