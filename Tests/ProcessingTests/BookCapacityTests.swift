import PaymentCore
import Processing
import Testing

/// The simulator's books hold at most `bookCapacity` transaction ids: `tapline serve` runs it
/// for ever, so the least recently used id is forgotten, and a follow-up on a forgotten
/// payment is answered as one on a payment of an earlier run.
@Suite("The simulator's bounded books")
struct BookCapacityTests {
    static func processor(capacity: Int, forgiving: Bool = false) -> SimulatedProcessor {
        SimulatedProcessor(configuration: SimulatedProcessorConfiguration(
            approvesForgottenOriginals: forgiving, bookCapacity: capacity))
    }

    @Test func theBooksNeverHoldMoreThanTheirCapacity() async throws {
        let processor = Self.processor(capacity: 10)
        for index in 0..<25 {
            _ = try await Fixtures.approved(processor, "sale-\(index)", amount: 1_000, kind: .sale)
            #expect(await processor.rememberedCount <= 10)
        }
        #expect(await processor.rememberedCount == 10)
    }

    @Test func recentDecisionsAreStillFoundAndReplayed() async throws {
        let processor = Self.processor(capacity: 10)
        var references: [String] = []
        for index in 0..<25 {
            references.append(try await Fixtures.approved(processor, "sale-\(index)", amount: 1_000, kind: .sale))
        }
        // Recovery asks about recent operations: the last ten are all known.
        for index in 15..<25 {
            let found = try await processor.lookup(transactionId: "sale-\(index)")
            #expect(found?.outcome == .approved(amount: 1_000))
            #expect(found?.result.reference == references[index])
        }
        #expect(try await processor.lookup(transactionId: "sale-14") == nil, "the oldest are forgotten")
        #expect(try await processor.lookup(transactionId: "sale-0") == nil)
        // A repeat of a remembered id still replays instead of approving twice.
        let repeated = try await processor.authorize(Fixtures.authorization("sale-24", amount: 1_000, kind: .sale))
        #expect(repeated.result.reference == references[24])
        #expect(await processor.approvalCount(transactionId: "sale-24") == 1)
    }

    @Test func aFollowUpOnAForgottenPaymentIsAnsweredAsAfterARestart() async throws {
        for forgiving in [false, true] {
            let processor = Self.processor(capacity: 5, forgiving: forgiving)
            let reference = try await Fixtures.approved(processor, "sale-old", amount: 5_000, kind: .sale)
            for index in 0..<5 {
                _ = try await Fixtures.approved(processor, "sale-\(index)", amount: 1_000, kind: .sale)
            }
            #expect(try await processor.lookup(transactionId: "sale-old") == nil)
            let refund = try await processor.refund(Fixtures.followUp("refund-old", of: "sale-old", reference: reference, amount: 1_000))
            if forgiving {
                // `tapline serve`: the gateway's own books hold the amount rules.
                #expect(refund.outcome == .approved(amount: 1_000))
            } else {
                #expect(refund.outcome == .declined)
                #expect(refund.result.responseCode == "12")
            }
            #expect(await processor.rememberedCount <= 5)
        }
    }

    @Test func aPaymentInUseOutlivesOlderUntouchedOnes() async throws {
        let processor = Self.processor(capacity: 3)
        let hold = try await Fixtures.approved(processor, "hold", amount: 10_000)
        let sale = try await Fixtures.approved(processor, "sale", amount: 1_000, kind: .sale)
        // A follow-up on the hold makes it the most recently used: books [sale, hold, inc].
        let increment = try await processor.incrementAuthorization(Fixtures.followUp("inc", of: "hold", reference: hold, amount: 500))
        #expect(increment.outcome == .approved(amount: 500))
        // One more id evicts the least recently used, the sale, not the older hold.
        _ = try await Fixtures.approved(processor, "other", amount: 1_000, kind: .sale)
        #expect(try await processor.lookup(transactionId: "sale") == nil)
        #expect(try await processor.lookup(transactionId: "hold") != nil)
        // The hold's books are intact: the capture is checked against 10 500, not forgiven.
        let tooMuch = try await processor.capture(Fixtures.followUp("cap-1", of: "hold", reference: hold, amount: 20_000))
        #expect(tooMuch.result.responseCode == "13")
        let strictRefund = try await processor.refund(Fixtures.followUp("ref-1", of: "sale", reference: sale, amount: 100))
        #expect(strictRefund.result.responseCode == "12", "the evicted sale is unknown")
    }

    @Test func aHoldFollowedUpAllAlongOutlivesHundredsOfSales() async throws {
        let processor = Self.processor(capacity: 20)
        let hold = try await Fixtures.approved(processor, "hold", amount: 10_000)
        for index in 0..<300 {
            _ = try await Fixtures.approved(processor, "sale-\(index)", amount: 1_000, kind: .sale)
            if index % 5 == 0 {
                let increment = Fixtures.followUp("inc-\(index)", of: "hold", reference: hold, amount: 1)
                #expect(try await processor.incrementAuthorization(increment).outcome == .approved(amount: 1))
            }
        }
        #expect(await processor.rememberedCount == 20)
        #expect(try await processor.lookup(transactionId: "hold") != nil)
        #expect(try await processor.lookup(transactionId: "sale-299") != nil)
        #expect(try await processor.lookup(transactionId: "sale-250") == nil)
        // Sixty increments of 1 were all counted on the hold's books.
        let capture = try await processor.capture(Fixtures.followUp("cap", of: "hold", reference: hold, amount: 10_060))
        #expect(capture.outcome == .approved(amount: 10_060))
    }

    @Test func theCallLogKeepsTheLatestCalls() async throws {
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(callLogCapacity: 3))
        for index in 0..<5 {
            _ = try await processor.lookup(transactionId: "id-\(index)")
        }
        let calls = await processor.calls
        #expect(calls.map(\.transactionId) == ["id-2", "id-3", "id-4"], "oldest first")
        #expect(calls.allSatisfy { $0.operation == .lookup && $0.result == .notFound })
    }

    @Test func cancelsOfUnseenIdsAreBoundedToo() async throws {
        let processor = Self.processor(capacity: 3)
        for index in 0..<10 {
            try await processor.cancel(transactionId: "late-\(index)")
        }
        #expect(await processor.rememberedCount == 3)
        // A recent cancel still refuses its request arriving late.
        let late = try await processor.authorize(Fixtures.authorization("late-9"))
        #expect(late.outcome == .failed)
        #expect(late.result.responseCode == "68")
    }
}
