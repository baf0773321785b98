import PaymentCore
import Processing
import Testing

@Suite struct FollowUpTests {
    private let processor = SimulatedProcessor()

    private func followUp(
        _ operation: ProcessorOperation, _ id: String, of original: String = "a1", reference: String?,
        amount: Int64
    ) async throws -> ProcessorResponse {
        let request = Fixtures.followUp(id, of: original, reference: reference, amount: amount)
        switch operation {
        case .capture: return try await processor.capture(request)
        case .incrementAuthorization: return try await processor.incrementAuthorization(request)
        case .void: return try await processor.void(request)
        case .reverse: return try await processor.reverse(request)
        case .refund: return try await processor.refund(request)
        default: Issue.record("not a plain follow-up: \(operation)"); throw CancellationError()
        }
    }

    @Test func captureUpToTheAuthorizedAmountAndItsTipOvercapture() async throws {
        let reference = try await Fixtures.approved(processor, "a1", amount: 10_000)
        // A fifth on top is the acquirer's tip tolerance; beyond it the capture is refused.
        #expect(try await followUp(.capture, "c1", reference: reference, amount: 12_001).shape == .declined("13"))
        let capture = try await followUp(.capture, "c2", reference: reference, amount: 8_000)
        #expect(capture.shape == .approved(8_000, "00"))
        #expect(capture.result.reference != nil && capture.result.reference != reference)
        // Captured once; the rest of the hold is released.
        #expect(try await followUp(.capture, "c3", reference: reference, amount: 1_000).shape == .declined("12"))
    }

    @Test(arguments: [ProcessorOperation.capture, .incrementAuthorization, .void, .reverse, .refund])
    func unknownOriginalIsInvalid(_ operation: ProcessorOperation) async throws {
        _ = try await Fixtures.approved(processor, "a1")
        #expect(try await followUp(operation, "f1", reference: "sim_nope", amount: 100).shape == .declined("12"))
        #expect(try await followUp(operation, "f2", of: "nope", reference: nil, amount: 100).shape == .declined("12"))
    }

    @Test func referenceMustBelongToTheOriginal() async throws {
        let reference = try await Fixtures.approved(processor, "a1")
        _ = try await Fixtures.approved(processor, "a2")
        #expect(try await followUp(.capture, "c1", of: "a2", reference: reference, amount: 100).shape == .declined("12"))
    }

    @Test func originalFoundByTransactionIdWithoutReference() async throws {
        _ = try await Fixtures.approved(processor, "a1")
        #expect(try await followUp(.capture, "c1", reference: nil, amount: 100).shape == .approved(100, "00"))
    }

    @Test func currencyMustMatch() async throws {
        let reference = try await Fixtures.approved(processor, "a1")
        let request = FollowUpProcessorRequest(transactionId: "c1", originalTransactionId: "a1",
                                               originalReference: reference, amount: Money(minorUnits: 100, currency: .eur))
        #expect(try await processor.capture(request).shape == .declined("13"))
    }

    @Test func incrementRaisesTheHold() async throws {
        let reference = try await Fixtures.approved(processor, "a1", amount: 10_000)
        #expect(try await followUp(.incrementAuthorization, "i1", reference: reference, amount: 2_000).shape
            == .approved(2_000, "00"))
        #expect(try await followUp(.incrementAuthorization, "i2", reference: reference, amount: 0).shape == .declined("13"))
        #expect(try await followUp(.capture, "c1", reference: reference, amount: 12_000).shape == .approved(12_000, "00"))
        #expect(try await followUp(.incrementAuthorization, "i3", reference: reference, amount: 1).shape == .declined("12"))
    }

    @Test func saleIsAlreadyCaptured() async throws {
        let reference = try await Fixtures.approved(processor, "s1", kind: .sale)
        #expect(try await followUp(.capture, "c1", of: "s1", reference: reference, amount: 100).shape == .declined("12"))
        #expect(try await followUp(.incrementAuthorization, "i1", of: "s1", reference: reference, amount: 100).shape
            == .declined("12"))
    }

    @Test func refundsUpToTheCapturedAmount() async throws {
        let reference = try await Fixtures.approved(processor, "s1", amount: 10_000, kind: .sale)
        #expect(try await followUp(.refund, "r1", of: "s1", reference: reference, amount: 4_000).shape == .approved(4_000, "00"))
        #expect(try await followUp(.refund, "r2", of: "s1", reference: reference, amount: 6_001).shape == .declined("13"))
        #expect(try await followUp(.refund, "r3", of: "s1", reference: reference, amount: 6_000).shape == .approved(6_000, "00"))
        #expect(try await followUp(.refund, "r4", of: "s1", reference: reference, amount: 1).shape == .declined("13"))
    }

    @Test func uncapturedAuthorizationCannotBeRefunded() async throws {
        let reference = try await Fixtures.approved(processor, "a1")
        #expect(try await followUp(.refund, "r1", reference: reference, amount: 100).shape == .declined("12"))
    }

    @Test func voidTakesTheWholeOutstandingAmountAndClosesThePayment() async throws {
        let reference = try await Fixtures.approved(processor, "a1", amount: 10_000)
        #expect(try await followUp(.void, "v1", reference: reference, amount: 5_000).shape == .declined("13"))
        #expect(try await followUp(.void, "v2", reference: reference, amount: 10_000).shape == .approved(10_000, "00"))
        #expect(try await followUp(.capture, "c1", reference: reference, amount: 100).shape == .declined("12"))
        #expect(try await followUp(.void, "v3", reference: reference, amount: 10_000).shape == .declined("12"))
    }

    @Test func voidIsRefusedAfterARefund() async throws {
        let reference = try await Fixtures.approved(processor, "s1", amount: 10_000, kind: .sale)
        _ = try await followUp(.refund, "r1", of: "s1", reference: reference, amount: 1_000)
        #expect(try await followUp(.void, "v1", of: "s1", reference: reference, amount: 9_000).shape == .declined("12"))
    }

    @Test func aCaptureWithATipMayGoAFifthAboveTheHold() async throws {
        let reference = try await Fixtures.approved(processor, "a1", amount: 10_000)
        #expect(try await followUp(.capture, "c1", reference: reference, amount: 12_000).shape == .approved(12_000, "00"))
        #expect(try await followUp(.refund, "r1", reference: reference, amount: 12_000).shape == .approved(12_000, "00"))
    }

    @Test func partialThenFullReversal() async throws {
        let reference = try await Fixtures.approved(processor, "a1", amount: 10_000)
        #expect(try await followUp(.reverse, "x1", reference: reference, amount: 3_000).shape == .approved(3_000, "00"))
        #expect(try await followUp(.capture, "c1", reference: reference, amount: 8_401).shape == .declined("13"))
        #expect(try await followUp(.reverse, "x2", reference: reference, amount: 7_001).shape == .declined("13"))
        #expect(try await followUp(.reverse, "x3", reference: reference, amount: 7_000).shape == .approved(7_000, "00"))
        #expect(try await followUp(.capture, "c2", reference: reference, amount: 100).shape == .declined("12"))
    }

    @Test func tipAdjustmentReplacesTheTip() async throws {
        let reference = try await Fixtures.approved(processor, "s1", amount: 10_000, kind: .sale)
        let adjust = FollowUpProcessorRequest.tipAdjustment(
            transactionId: "t1", originalTransactionId: "s1", originalReference: reference,
            newTip: Fixtures.usd(1_500), newTotal: Fixtures.usd(11_500))
        #expect(try await processor.adjustTip(adjust).shape == .approved(1_500, "00"))
        // The refundable amount is now the new total.
        #expect(try await followUp(.refund, "r1", of: "s1", reference: reference, amount: 11_500).shape
            == .approved(11_500, "00"))
    }

    @Test func tipAdjustmentNeedsACapturedPaymentAndAConsistentTotal() async throws {
        let auth = try await Fixtures.approved(processor, "a1")
        let sale = try await Fixtures.approved(processor, "s1", kind: .sale)
        func adjust(_ id: String, _ original: String, _ reference: String, tip: Int64, total: Int64?) async throws -> ProcessorResponse {
            try await processor.adjustTip(FollowUpProcessorRequest(
                transactionId: id, originalTransactionId: original, originalReference: reference,
                amount: Fixtures.usd(tip), newTotal: total.map(Fixtures.usd)))
        }
        #expect(try await adjust("t1", "a1", auth, tip: 100, total: 10_100).shape == .declined("12"))
        #expect(try await adjust("t2", "s1", sale, tip: 100, total: nil).shape == .declined("13"))
        #expect(try await adjust("t3", "s1", sale, tip: 200, total: 100).shape == .declined("13"))
        #expect(try await adjust("t4", "s1", sale, tip: -1, total: 10_000).shape == .declined("13"))
        #expect(try await adjust("t5", "s1", sale, tip: 0, total: 10_000).shape == .approved(0, "00"))
    }

    @Test func repeatedFollowUpIdReplaysAndApprovesOnce() async throws {
        let reference = try await Fixtures.approved(processor, "s1", amount: 10_000, kind: .sale)
        let first = try await followUp(.refund, "r1", of: "s1", reference: reference, amount: 6_000)
        let second = try await followUp(.refund, "r1", of: "s1", reference: reference, amount: 6_000)
        #expect(first == second)
        #expect(await processor.approvalCount(transactionId: "r1") == 1)
        // Only one refund went through, so 4,000 is still refundable.
        #expect(try await followUp(.refund, "r2", of: "s1", reference: reference, amount: 4_000).shape == .approved(4_000, "00"))
    }
}
