import PaymentCore
import Processing
@testable import ProcessingISO8583
import Testing

/// Captures, increments, tip adjustments, voids, reversals and refunds: no card data, the
/// original named by its RRN (37) and its own message (90).
@Suite struct ISO8583FollowUpRequestTests {
    /// Field 90 of the original sale `02000000011123180102`, with no acquiring institution.
    static let original90 = "02000000011123180102" + String(repeating: "0", count: 22)

    private func send(_ operation: ProcessorOperation, _ request: FollowUpProcessorRequest, code: String = "00")
        async throws -> (ISO8583Message, ProcessorResponse) {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: code) }
        let processor = ISO8583Requests.processor(transport)
        let response: ProcessorResponse
        switch operation {
        case .capture: response = try await processor.capture(request)
        case .incrementAuthorization: response = try await processor.incrementAuthorization(request)
        case .adjustTip: response = try await processor.adjustTip(request)
        case .void: response = try await processor.void(request)
        case .reverse: response = try await processor.reverse(request)
        default: response = try await processor.refund(request)
        }
        let sent = try #require(transport.sent.first)
        #expect(transport.sent.count == 1)
        for field in [2, 14, 35, 52, 55] { #expect(sent[field: field] == nil, "field \(field) on a follow-up") }
        #expect(sent[field: 37] == "000000000042")
        #expect(sent[field: 90] == .text(Self.original90))
        #expect(sent[field: 41] == "TERM0001" && sent[field: 42] == "MERCHANT0000001" && sent[field: 49] == "840")
        _ = try ISO8583Codec().encode(sent)
        return (sent, response)
    }

    @Test func captureIsA0220CompletionWithTheApprovalCode() async throws {
        let (sent, response) = try await send(.capture, ISO8583Requests.followUp(amount: 900))
        #expect(sent.mti == .financialAdvice)
        #expect(sent[field: 3] == "000000" && sent[field: 4] == "000000000900" && sent[field: 38] == "A1B2C3")
        #expect(response.outcome == .approved(amount: 900))
    }

    @Test func incrementalAuthorizationIsA0100ReferringToTheOriginal() async throws {
        let (sent, _) = try await send(.incrementAuthorization, ISO8583Requests.followUp(amount: 250))
        #expect(sent.mti == .authorizationRequest)
        #expect(sent[field: 4] == "000000000250" && sent[field: 38] == nil)
    }

    @Test func tipAdjustIsA0220AdjustmentWithTheNewTotalAndTheTipIn54() async throws {
        let (sent, _) = try await send(.adjustTip, ISO8583Requests.followUp(amount: 250, newTotal: 1450))
        #expect(sent.mti == .financialAdvice)
        #expect(sent[field: 3] == "020000" && sent[field: 4] == "000000001450")
        #expect(sent[field: 54] == "0044840D000000000250")
    }

    @Test func voidIsA0400ForTheWholeOutstandingAmount() async throws {
        let (sent, response) = try await send(.void, ISO8583Requests.followUp(amount: 1200, outstanding: 1200))
        #expect(sent.mti == .reversalRequest)
        #expect(sent[field: 4] == "000000001200" && sent[field: 95] == nil)
        #expect(response.outcome == .approved(amount: 1200))
    }

    @Test func partialReversalNamesWhatStandsAfterIn95() async throws {
        let (sent, response) = try await send(.reverse, ISO8583Requests.followUp(amount: 300, outstanding: 1200))
        #expect(sent.mti == .reversalRequest)
        #expect(sent[field: 4] == "000000001200")
        #expect(sent[field: 95] == .text("000000000900" + String(repeating: "0", count: 12) + "C00000000C00000000"))
        #expect(response.outcome == .approved(amount: 300))
    }

    @Test func fullReversalHasNo95() async throws {
        let (sent, _) = try await send(.reverse, ISO8583Requests.followUp(amount: 1200, outstanding: 1200))
        #expect(sent[field: 4] == "000000001200" && sent[field: 95] == nil)
    }

    @Test func refundIsA0200WithProcessingCode20() async throws {
        let (sent, response) = try await send(.refund, ISO8583Requests.followUp(amount: 400), code: "00")
        #expect(sent.mti == .financialRequest && sent[field: 3] == "200000" && sent[field: 4] == "000000000400")
        #expect(response.outcome == .approved(amount: 400))
    }

    @Test func declinedFollowUpKeepsTheHostsCode() async throws {
        let (_, response) = try await send(.capture, ISO8583Requests.followUp(amount: 900), code: "13")
        #expect(response.outcome == .declined && response.result.responseCode == "13")
    }

    @Test func aFollowUpOfAPaymentTheLinkNeverApprovedIsRefusedUnsent() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        await #expect(throws: ProcessorError.unavailable(code: "12", message: "the original payment was not approved through this acquirer link")) {
            try await ISO8583Requests.processor(transport).capture(ISO8583Requests.followUp(amount: 900, trace: nil))
        }
        #expect(transport.sent.isEmpty)
    }

    @Test func acquiringInstitutionGoesIn32AndIn90() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        let processor = ISO8583Processor(
            transport: transport, traceNumbers: ISO8583TraceNumbers(source: MemoryTraceNumberSource()),
            configuration: ISO8583ProcessorConfiguration(acquiringInstitutionId: "123456"),
            encipherPIN: { _, _ in [] }, now: { ISO8583Requests.now })
        _ = try await processor.capture(ISO8583Requests.followUp(amount: 900))
        let sent = try #require(transport.sent.first)
        #expect(sent[field: 32] == "123456")
        #expect(sent[field: 90] == .text("02000000011123180102" + "00000123456" + String(repeating: "0", count: 11)))
    }
}
