import PaymentCore
import Processing
@testable import ProcessingISO8583
import Testing

/// The 0500 a closed batch sends per terminal and currency, and how its 0510 is read.
@Suite struct ISO8583ReconciliationTests {
    static let request = ReconciliationRequest(
        acquirer: ISO8583Requests.acquirer, currency: .usd, captureCount: 3, captureTotal: 12_345, refundCount: 1, refundTotal: 500)

    @Test func sendsThe0500WithTheTotalsIn63AndReadsAnAgreement() async throws {
        let transport = ScriptedTransport { request throws(ISO8583TransportError) in
            var answer = ScriptedTransport.answer(request, code: "00")
            answer.fields[63] = request.fields[63]
            return answer
        }
        let result = try await ISO8583Requests.processor(transport).reconcile(Self.request)
        let sent = try #require(transport.sent.first)
        #expect(sent.mti == .reconciliationRequest)
        #expect(sent.fieldNumbers == [7, 11, 41, 42, 49, 63])
        let totals = "0000000003" + "0000000000012345" + "0000000001" + "0000000000000500"
        #expect(sent[field: 63] == .text(totals))
        #expect(sent[field: 41] == "TERM0001" && sent[field: 49] == "840")
        _ = try ISO8583Codec().encode(sent)
        #expect(result?.agreed == true)
        #expect(result?.hostCaptureCount == 3 && result?.hostCaptureTotal == 12_345)
        #expect(result?.hostRefundCount == 1 && result?.hostRefundTotal == 500)
    }

    @Test func aMismatchIsKeptWithTheHostsTotals() async throws {
        let transport = ScriptedTransport { request throws(ISO8583TransportError) in
            var answer = ScriptedTransport.answer(request, code: "95")
            answer.fields[63] = .text("0000000002" + "0000000000010000" + "0000000000" + "0000000000000000")
            return answer
        }
        let result = try #require(try await ISO8583Requests.processor(transport).reconcile(Self.request))
        #expect(!result.agreed && result.responseCode == "95")
        #expect(result.hostCaptureCount == 2 && result.hostCaptureTotal == 10_000 && result.hostRefundCount == 0)
    }

    @Test func aBatchOfAnySizeFits() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        var large = Self.request
        large.captureCount = 250_000
        large.captureTotal = 9_999_999_999_999_999
        _ = try await ISO8583Requests.processor(transport).reconcile(large)
        #expect(transport.sent.first?[field: 63] == .text("0000250000" + "9999999999999999" + "0000000001" + "0000000000000500"))
    }

    @Test func totalsThatDoNotFitAreRefusedUnsent() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        var tooMuch = Self.request
        tooMuch.captureTotal = 10_000_000_000_000_000
        await #expect(throws: ProcessorError.unavailable(code: "13", message: "the batch totals do not fit field 63")) {
            try await ISO8583Requests.processor(transport).reconcile(tooMuch)
        }
        var negative = Self.request
        negative.refundTotal = -1
        await #expect(throws: ProcessorError.self) { try await ISO8583Requests.processor(transport).reconcile(negative) }
        #expect(transport.sent.isEmpty)
    }

    @Test func noAnswerOrNo39IsNoAnswer() async throws {
        let silent = ScriptedTransport { _ throws(ISO8583TransportError) in throw .unanswered("timed out") }
        await #expect(throws: ProcessorError.noAnswer) { try await ISO8583Requests.processor(silent).reconcile(Self.request) }
        let mute = ScriptedTransport { request throws(ISO8583TransportError) in
            var answer = ScriptedTransport.answer(request, code: "00")
            answer.fields[39] = nil
            return answer
        }
        await #expect(throws: ProcessorError.noAnswer) { try await ISO8583Requests.processor(mute).reconcile(Self.request) }
    }

    @Test func theSimulatorHasNothingToReconcile() async throws {
        #expect(try await SimulatedProcessor().reconcile(Self.request) == nil)
    }
}
