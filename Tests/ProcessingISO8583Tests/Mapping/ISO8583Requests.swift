import CardData
import Foundation
import PaymentCore
import Processing
@testable import ProcessingISO8583

/// Requests and a processor wired to a scripted transport, for the mapping tests.
enum ISO8583Requests {
    static let acquirer = AcquirerIdentity(merchantId: "m_1", cardAcceptorId: "MERCHANT0000001", terminalId: "TERM0001")
    /// 23 November 2026, 18:01:02 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_456_862)

    static func keyedSale(_ id: String = "txn_1", amount: Int64 = 1234, kind: AuthorizationRequest.Kind = .sale,
                          pan: String = "4242424242424242") throws -> AuthorizationRequest {
        let card = try KeyedCard(pan: pan, expiryMonth: 12, expiryYear: 2030, securityCode: "123")
        return AuthorizationRequest(transactionId: id, kind: kind, amount: Money(minorUnits: amount, currency: .usd),
                                    card: card, acquirer: acquirer)
    }

    static func tap(_ id: String = "txn_tap", kind: AuthorizationRequest.Kind = .authorization, pin: PIN? = nil,
                    attempt: Int = 0) throws -> AuthorizationRequest {
        let card = try KeyedCard(pan: "5200828282828210", expiryMonth: 12, expiryYear: 2030)
        let chip = ChipData(track2: "5200828282828210=30122011234", emv: Data([0x9F, 0x26, 0x02, 0xAB, 0xCD]), sequenceNumber: "001")
        return AuthorizationRequest(transactionId: id, kind: kind, amount: Money(minorUnits: 5000, currency: .usd), card: card,
                                    entryMode: .contactless, pin: pin, pinAttempt: attempt, chip: chip, acquirer: acquirer)
    }

    static func followUp(_ id: String = "op_1", amount: Int64, trace: String? = "0000011123180102",
                         outstanding: Int64? = nil, newTotal: Int64? = nil) -> FollowUpProcessorRequest {
        var request = FollowUpProcessorRequest(
            transactionId: id, originalTransactionId: "txn_1", originalReference: "000000000042",
            amount: Money(minorUnits: amount, currency: .usd), newTotal: newTotal.map { Money(minorUnits: $0, currency: .usd) })
        request.originalTrace = trace
        request.originalKind = .sale
        request.originalAuthorizationCode = "A1B2C3"
        request.outstandingBefore = outstanding.map { Money(minorUnits: $0, currency: .usd) }
        request.acquirer = acquirer
        return request
    }

    /// A processor whose PIN encipherment writes the PIN's length into an 8-byte block, so
    /// a test can see which PIN went out without real keys.
    static func processor(_ transport: ScriptedTransport, source: MemoryTraceNumberSource = MemoryTraceNumberSource(),
                          capacity: Int = 100) -> ISO8583Processor {
        ISO8583Processor(
            transport: transport, traceNumbers: ISO8583TraceNumbers(source: source, blockSize: 100),
            configuration: ISO8583ProcessorConfiguration(memoryCapacity: capacity),
            encipherPIN: { pin, _ in [0x04, UInt8(pin.digits.count), 0, 0, 0, 0, 0, 0] }, now: { now })
    }
}
