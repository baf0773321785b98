import CardData
import PaymentCore
import Processing
@testable import ProcessingISO8583
import Testing

/// No answer: the processor says so, and `cancel` reverses the exact message that went
/// unanswered, with no card data in the reversal.
@Suite struct ISO8583CancelTests {
    @Test func unansweredSaleIsNoAnswerAndCancelSendsA0400NamingIt() async throws {
        let transport = ScriptedTransport { request throws(ISO8583TransportError) in
            guard request.mti == .reversalRequest else { throw .unanswered("timed out") }
            return ScriptedTransport.answer(request, code: "00")
        }
        let processor = ISO8583Requests.processor(transport)
        await #expect(throws: ProcessorError.noAnswer) {
            try await processor.authorize(try ISO8583Requests.tap(pin: try PIN("1234"), attempt: 1))
        }
        try await processor.cancel(transactionId: "txn_tap")
        #expect(transport.sent.count == 2)
        let (lost, reversal) = (transport.sent[0], transport.sent[1])
        #expect(reversal.mti == .reversalRequest)
        #expect(reversal.fieldNumbers == [3, 4, 7, 11, 12, 13, 41, 42, 49, 90])
        for field in [3, 4, 41, 42, 49] { #expect(reversal[field: field] == lost[field: field]) }
        #expect(reversal[field: 11] == "000002")
        #expect(reversal[field: 90] == .text("0100000001" + "1123180102" + String(repeating: "0", count: 22)))
        let lookup = try await processor.lookup(transactionId: "txn_tap")
        #expect(lookup?.outcome == .failed && lookup?.result.responseCode == "68")
    }

    @Test func notSentIsNotConnectedAndNeedsNoReversal() async throws {
        let transport = ScriptedTransport(isUp: false) { _ throws(ISO8583TransportError) in throw .notSent("no connection up") }
        let processor = ISO8583Requests.processor(transport)
        #expect(processor.isReachable == false)
        await #expect(throws: ProcessorError.notConnected) {
            try await processor.authorize(try ISO8583Requests.keyedSale())
        }
        #expect(ProcessorError.notConnected.mayHaveApproved == false)
    }

    @Test func cancelOfAnIdNeverSentSendsNothing() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        try await ISO8583Requests.processor(transport).cancel(transactionId: "never")
        #expect(transport.sent.isEmpty)
    }

    @Test func unacknowledgedReversalIsReportedToTheCaller() async throws {
        let transport = ScriptedTransport { _ throws(ISO8583TransportError) in throw .unanswered("timed out") }
        let processor = ISO8583Requests.processor(transport)
        await #expect(throws: ProcessorError.noAnswer) { try await processor.authorize(try ISO8583Requests.keyedSale()) }
        await #expect(throws: ProcessorError.noAnswer) { try await processor.cancel(transactionId: "txn_1") }
    }

    @Test func lookupFindsTheDecisionUntilItIsForgotten() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        let processor = ISO8583Requests.processor(transport, capacity: 2)
        for id in ["a", "b", "c"] { _ = try await processor.authorize(try ISO8583Requests.keyedSale(id)) }
        #expect(try await processor.lookup(transactionId: "a") == nil)
        #expect(try await processor.lookup(transactionId: "c")?.outcome == .approved(amount: 1234))
    }
}
