import Foundation
import GatewayAPI
import PaymentCore
import Processing
import Testing
import TestSupport

/// The simulator's AVS answers by test postal code, and the merchant's AVS profile decides
/// which answers decline an approved payment (the approval is then reversed).
@Suite("Keyed payments: address verification")
struct KeyedAVSTests {
    /// postal code, answer, and whether strict / moderate / tolerant keep the approval.
    static let table: [(postalCode: String, code: String, strict: Bool, moderate: Bool, tolerant: Bool)] = [
        ("94105", "Y", true, true, true),
        (SimulatedAVS.postalCodeOnlyPostalCode, "Z", false, true, true),
        (SimulatedAVS.addressOnlyPostalCode, "A", false, true, true),
        (SimulatedAVS.noMatchPostalCode, "N", false, false, true),
        (SimulatedAVS.unavailablePostalCode, "U", true, true, true),
    ]

    static func body(postalCode: String) -> String {
        #"{"amount":2500,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030,"billingAddress":{"line1":"1 Main St","postalCode":"\#(postalCode)"}}"#
    }

    @Test(arguments: 0..<table.count, ["strict", "moderate", "tolerant", "off"])
    func eachAnswerUnderEachProfile(_ index: Int, profile: String) async throws {
        let row = Self.table[index]
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let avs = profile == "off" ? #"{"isEnabled":false}"# : #"{"isEnabled":true,"profile":"\#(profile)"}"#
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"avs":\#(avs)}"#).status == 200)
            let reply = try await session.send(.post, APIPath.sale, json: Self.body(postalCode: row.postalCode))
            #expect(reply.status == 201, "\(reply.text)")
            let payment = try reply.decode(TransactionResource.self)
            #expect(payment.avsResponse?.code == row.code)
            #expect(payment.avsResponse?.raw["avsResultCode"] == row.code)
            let kept = switch profile { case "strict": row.strict; case "moderate": row.moderate; default: row.tolerant }
            #expect(payment.status == (kept ? .captured : .declined), "\(reply.text)")
            if !kept {
                #expect(payment.processor?.message.contains("AVS") == true)
                let calls = await harness.processor.calls.map(\.operation)
                #expect(calls.contains(.cancel), "the approval is reversed at the processor")
            }
        }
    }

    @Test(arguments: ["strict", "moderate"])
    func aProfileThatCanRefuseNeedsABillingAddress(_ profile: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"avs":{"isEnabled":true,"profile":"\#(profile)"}}"#).status == 200)
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
            #expect(reply.status == 400)
            #expect(reply.error?.field == "billingAddress")
        }
    }

    @Test func aProcessorWithoutAVSAnswersUnavailable() async throws {
        let harness = try await GatewayHarness.make(processor: NoAVSProcessor())
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"avs":{"isEnabled":true,"profile":"strict"}}"#).status == 200)
            let reply = try await session.send(.post, APIPath.sale, json: Self.body(postalCode: SimulatedAVS.noMatchPostalCode))
            let payment = try reply.decode(TransactionResource.self)
            #expect(payment.avsResponse?.code == "U")
            #expect(payment.status == .captured, "unavailable is not a mismatch")
            #expect(payment.paymentProcessorId == ProcessorIdentity.iso8583Acquirer.id)
        }
    }

    @Test func theSettingsListTheGatewaysProcessor() async throws {
        let harness = try await GatewayHarness.make(processor: NoAVSProcessor())
        try await harness.test { (session: TestSession) async throws in
            let settings = try await session.send(.get, APIPath.paymentSettings).decode(PaymentSettingsResponse.self)
            #expect(settings.availablePaymentProcessors.map(\.id) == [ProcessorIdentity.iso8583Acquirer.id])
            let simulator = #""paymentProcessorId":"\#(ProcessorIdentity.simulator.id)","amount":100"#
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody().replacingOccurrences(of: #""amount":10000"#, with: simulator))
            #expect(reply.error?.field == "paymentProcessorId")
        }
    }
}

/// A processor that verifies no address, as the ISO 8583 link: the simulator's decisions
/// without its AVS answer, under the acquirer's identity.
final class NoAVSProcessor: PaymentProcessor {
    let inner = SimulatedProcessor()
    var identity: ProcessorIdentity { .iso8583Acquirer }

    func authorize(_ request: AuthorizationRequest) async throws(ProcessorError) -> ProcessorResponse {
        var response = try await inner.authorize(request)
        response.avs = nil
        return response
    }

    func followUp(_ operation: ProcessorOperation, _ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await inner.followUp(operation, request)
    }

    func lookup(transactionId: String) async throws(ProcessorError) -> ProcessorResponse? { try await inner.lookup(transactionId: transactionId) }
    func cancel(transactionId: String) async throws(ProcessorError) { try await inner.cancel(transactionId: transactionId) }
    func prepareTrace(acquirer: AcquirerIdentity?) async throws(ProcessorError) -> String? { nil }
    func reverseUnanswered(_ request: UnansweredRequest) async throws(ProcessorError) {}
}
