import CardData
import Foundation
import PaymentCore
import Processing
@testable import ProcessingISO8583
import Testing

/// Sales, authorizations, unreferenced refunds and PIN tries: the messages they send and
/// how their responses are read (docs/iso8583.md, "Operations").
@Suite struct ISO8583OriginalRequestTests {
    @Test func keyedSaleSendsA0200WithNumberAndExpiry() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        let response = try await ISO8583Requests.processor(transport).authorize(try ISO8583Requests.keyedSale())
        let sent = try #require(transport.sent.first)
        #expect(sent.mti == .financialRequest)
        #expect(sent.fieldNumbers == [2, 3, 4, 7, 11, 12, 13, 14, 18, 22, 25, 41, 42, 49, 60])
        #expect(sent[field: 2] == "4242424242424242")
        #expect(sent[field: 3] == "000000")
        #expect(sent[field: 4] == "000000001234")
        #expect(sent[field: 7] == "1123180102")
        #expect(sent[field: 11] == "000001")
        #expect(sent[field: 12] == "180102")
        #expect(sent[field: 13] == "1123")
        #expect(sent[field: 14] == "3012")
        #expect(sent[field: 18] == "5999")
        #expect(sent[field: 22] == "012")
        #expect(sent[field: 25] == "08")
        #expect(sent[field: 41] == "TERM0001")
        #expect(sent[field: 42] == "MERCHANT0000001")
        #expect(sent[field: 49] == "840")
        #expect(sent[field: 60] == "0210010")
        _ = try ISO8583Codec().encode(sent)
        #expect(response.outcome == .approved(amount: 1234))
        #expect(response.result.responseCode == "00")
        #expect(response.result.authorizationCode == "A1B2C3")
        #expect(response.result.reference == "000000000042")
    }

    @Test func authorizationIsA0100AndAnUnreferencedRefundA0200WithProcessingCode20() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        let processor = ISO8583Requests.processor(transport)
        _ = try await processor.authorize(try ISO8583Requests.keyedSale("a", kind: .authorization))
        _ = try await processor.authorize(try ISO8583Requests.keyedSale("r", kind: .refund))
        #expect(transport.sent.map(\.mti) == [.authorizationRequest, .financialRequest])
        #expect(transport.sent.map { $0[field: 3] } == ["000000", "200000"])
        #expect(transport.sent.map { $0[field: 11] } == ["000001", "000002"])
    }

    @Test func tapSendsTrack2ChipDataAndSequenceNumberButNoNumber() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        _ = try await ISO8583Requests.processor(transport).authorize(try ISO8583Requests.tap())
        let sent = try #require(transport.sent.first)
        #expect(sent.mti == .authorizationRequest)
        #expect(sent[field: 2] == nil && sent[field: 14] == nil && sent[field: 52] == nil)
        #expect(sent[field: 35] == "5200828282828210=30122011234")
        #expect(sent[field: 55] == .binary([0x9F, 0x26, 0x02, 0xAB, 0xCD]))
        #expect(sent[field: 23] == "001")
        #expect(sent[field: 22] == "071")
        #expect(sent[field: 25] == "00")
        _ = try ISO8583Codec().encode(sent)
    }

    @Test func eachPINTryIsANewMessageWithField52AndARepeatReplays() async throws {
        let transport = ScriptedTransport { request throws(ISO8583TransportError) in
            ScriptedTransport.answer(request, code: request[field: 52] == nil ? "65" : "55")
        }
        let processor = ISO8583Requests.processor(transport)
        #expect(try await processor.authorize(try ISO8583Requests.tap()).outcome == .pinRequired)
        let firstTry = try ISO8583Requests.tap(pin: try PIN("12345"), attempt: 1)
        #expect(try await processor.authorize(firstTry).outcome == .declined)
        #expect(try await processor.authorize(firstTry).outcome == .declined)
        #expect(try await processor.authorize(try ISO8583Requests.tap()).outcome == .pinRequired)
        #expect(transport.sent.count == 2)
        #expect(transport.sent.map { $0[field: 11] } == ["000001", "000002"])
        #expect(transport.sent[1][field: 52] == .binary([0x04, 5, 0, 0, 0, 0, 0, 0]))
    }

    @Test(arguments: [
        ("05", OperationOutcome.declined), ("51", .declined), ("65", .pinRequired), ("70", .pinRequired),
        ("08", .approved(amount: 1234)), ("11", .approved(amount: 1234)), ("Z9", .declined),
    ])
    func responseCodesMapToOutcomes(code: String, outcome: OperationOutcome) async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: code) }
        let response = try await ISO8583Requests.processor(transport).authorize(try ISO8583Requests.keyedSale())
        #expect(response.outcome == outcome)
        #expect(response.result.responseCode == code)
        #expect(response.result.authorizationCode == (response.outcome == .declined || response.outcome == .pinRequired ? nil : "A1B2C3"))
    }

    @Test(arguments: ["91", "96"])
    func hostThatCannotDecideIsAProcessorError(code: String) async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: code) }
        await #expect(throws: ProcessorError.unavailable(code: code, message: ISOResponseCode(rawValue: code).message)) {
            try await ISO8583Requests.processor(transport).authorize(try ISO8583Requests.keyedSale())
        }
    }

    @Test func partialApprovalTakesTheHostsAmount() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "10", amount: "000000000617") }
        let response = try await ISO8583Requests.processor(transport).authorize(try ISO8583Requests.keyedSale())
        #expect(response.outcome == .approved(amount: 617))
    }

    /// A response that cannot be trusted is no answer: the gateway reverses, never guesses.
    @Test(arguments: [
        ("10", "000000001235"), ("10", "000000000000"), ("10", "00000000061x"), ("10", nil), ("0", "000000001234"),
    ] as [(String, String?)])
    func untrustworthyResponseIsNoAnswer(code: String, amount: String?) async throws {
        let transport = ScriptedTransport { request throws(ISO8583TransportError) in
            var response = ScriptedTransport.answer(request, code: code)
            response.fields[4] = amount.map { .text($0) }
            return response
        }
        await #expect(throws: ProcessorError.noAnswer) {
            try await ISO8583Requests.processor(transport).authorize(try ISO8583Requests.keyedSale())
        }
    }

    /// An approval without 37 (blank counts as none) could never be followed up, since every
    /// follow-up names the original by its RRN: no answer, reversed. A decline needs none.
    @Test(arguments: [("00", nil), ("00", "            "), ("10", nil), ("05", nil)] as [(String, String?)])
    func anApprovalWithoutARetrievalReferenceIsNoAnswer(code: String, rrn: String?) async throws {
        let transport = ScriptedTransport { request throws(ISO8583TransportError) in
            var response = ScriptedTransport.answer(request, code: code, amount: code == "10" ? "000000000617" : nil)
            response.fields[37] = rrn.map { .text($0) }
            return response
        }
        let processor = ISO8583Requests.processor(transport)
        if code == "05" {
            #expect(try await processor.authorize(try ISO8583Requests.keyedSale()).outcome == .declined)
        } else {
            await #expect(throws: ProcessorError.noAnswer) { try await processor.authorize(try ISO8583Requests.keyedSale()) }
        }
    }

    @Test func aMerchantWithoutAcquirerIdsIsRefusedBeforeAnythingIsSent() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        var request = try ISO8583Requests.keyedSale()
        request.acquirer = nil
        await #expect(throws: ProcessorError.unavailable(code: "03", message: "the merchant has no acquirer merchant id and terminal id")) {
            try await ISO8583Requests.processor(transport).authorize(request)
        }
        #expect(transport.sent.isEmpty)
    }
}
