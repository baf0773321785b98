import CardData
import Foundation
import Logging
import PaymentCore
import Processing

/// A ``PaymentProcessor`` that is a real acquirer: each call is one ISO 8583 request over
/// the transport (docs/iso8583.md, "Operations"), and `cancel` sends a reversal.
///
/// A repeated transaction id (and PIN try) gets the decision already made without a second
/// message, as the protocol requires. Nothing here holds card data beyond the request in
/// flight: the ledger keeps decisions and the card-free fields a reversal repeats.
public final class ISO8583Processor: PaymentProcessor {
    let transport: any ISO8583Transport
    private let traceNumbers: ISO8583TraceNumbers
    let builder: ISO8583RequestBuilder
    let ledger: ISO8583Ledger
    let configuration: ISO8583ProcessorConfiguration
    /// Sends the reversals owed, when there is a queue to keep them in.
    let forwarder: ISO8583ReversalForwarder?
    let now: @Sendable () -> Date
    let logger: Logger

    /// `encipherPIN` makes field 52 from the cardholder's PIN and the PAN: an ISO 9564
    /// format 0 block under the acquirer's zone PIN key. `reversals` keeps each reversal
    /// until the acquirer acknowledges it; ``reversalForwarder`` sends them.
    public init(transport: any ISO8583Transport, traceNumbers: ISO8583TraceNumbers,
                configuration: ISO8583ProcessorConfiguration = ISO8583ProcessorConfiguration(),
                reversals: (any ISO8583ReversalQueue)? = nil,
                encipherPIN: @escaping @Sendable (PIN, String) throws -> [UInt8],
                now: @escaping @Sendable () -> Date = Date.init, logger: Logger = Logger(label: "tapline.iso8583")) {
        self.transport = transport
        self.traceNumbers = traceNumbers
        self.configuration = configuration
        forwarder = reversals.map {
            ISO8583ReversalForwarder(queue: $0, transport: transport, timeout: configuration.responseTimeout, now: now, logger: logger)
        }
        self.builder = ISO8583RequestBuilder(acquiringInstitutionId: configuration.acquiringInstitutionId, encipherPIN: encipherPIN)
        self.ledger = ISO8583Ledger(capacity: configuration.memoryCapacity)
        self.now = now
        self.logger = logger
    }

    /// Sends the reversals this processor queued (nil without a queue). Run its
    /// ``ISO8583ReversalForwarder/forwardDue(limit:)`` now and then, to repeat those not
    /// acknowledged: it never sends a reversal the processor is sending at the time.
    public var reversalForwarder: ISO8583ReversalForwarder? { forwarder }

    /// Every request names the merchant and terminal at the acquirer (fields 42 and 41).
    public var requiresAcquirerIdentity: Bool { true }

    /// The link's id and name, from its configuration.
    public var identity: ProcessorIdentity { configuration.identity }

    /// Whether requests can be sent now: at least one connection is up and signed on.
    public var isReachable: Bool { transport.isUp }

    public func authorize(_ request: AuthorizationRequest) async throws(ProcessorError) -> ProcessorResponse {
        if let answer = ledger.decision(request.transactionId, attempt: request.pinAttempt) { return answer }
        let acquirer = try Self.acquirer(request.acquirer)
        let stamp = try await stamp(request.trace, acquirer)
        let message = try builder.original(request, acquirer: acquirer, stamp: stamp)
        return try await exchange(request.transactionId, attempt: request.pinAttempt, message, merchantId: acquirer.merchantId,
                                  asked: request.amount.minorUnits)
    }

    /// A STAN for the merchant's terminal and the time now: the gateway keeps it with the
    /// pending operation before anything is sent.
    public func prepareTrace(acquirer: AcquirerIdentity?) async throws(ProcessorError) -> String? {
        let acquirer = try Self.acquirer(acquirer)
        return ISO8583Stamp(stan: try await nextSTAN(acquirer.terminalId), at: now()).text
    }

    /// The decision this processor recorded for the id. An acquirer cannot be asked by our
    /// id, so after a restart this is nil: recovery then fails the operation and reverses it.
    public func lookup(transactionId: String) async throws(ProcessorError) -> ProcessorResponse? {
        guard let entry = ledger.entry(transactionId) else { return nil }
        if entry.isReversed {
            let code = ISOResponseCode.responseReceivedTooLate
            return ProcessorResponse(outcome: .failed, result: ProcessorResult(responseCode: code.rawValue, message: code.message))
        }
        return entry.latest
    }

    /// Each follow-up is one request naming the original (docs/iso8583.md, "Operations").
    public func followUp(_ operation: ProcessorOperation, _ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        if let answer = ledger.decision(request.transactionId, attempt: 0) { return answer }
        let acquirer = try Self.acquirer(request.acquirer)
        let stamp = try await stamp(request.trace, acquirer)
        let message = try builder.followUp(operation, request, acquirer: acquirer, stamp: stamp)
        do {
            return try await exchange(request.transactionId, attempt: 0, message, merchantId: acquirer.merchantId, asked: request.amount.minorUnits)
        } catch {
            // A completion advice is owed, not reversed (ISO8583Processor+Advice.swift).
            guard error == .noAnswer, message.mti == .financialAdvice else { throw error }
            return try await oweAdvice(message, transactionId: request.transactionId, merchantId: acquirer.merchantId, amount: request.amount.minorUnits)
        }
    }

    /// Sends `message`, remembers it for a reversal, reads the decision and keeps it with
    /// the trace that names the message later.
    private func exchange(_ transactionId: String, attempt: Int, _ message: ISO8583Message, merchantId: String, asked: Int64)
        async throws(ProcessorError) -> ProcessorResponse {
        ledger.recordSent(transactionId, message, merchantId: merchantId)
        let response: ISO8583Message
        do {
            response = try await transport.send(message, timeout: configuration.responseTimeout)
        } catch {
            // The reason (no connection, a STAN already in flight, a message the table
            // refuses) is only here: the caller sees not-connected or no-answer.
            logger.warning("acquirer request failed", metadata: [
                "transaction_id": "\(transactionId)", "mti": "\(message.mti)", "reason": "\(error)"])
            throw error.processorError
        }
        let decision: ProcessorResponse
        do {
            decision = try ISO8583ResponseReader.decision(response, request: message, asked: asked)
        } catch {
            if error == .noAnswer {
                // The caller reverses it, as if no answer had come.
                logger.warning("acquirer answer not usable: treated as no answer", metadata: [
                    "transaction_id": "\(transactionId)", "mti": "\(response.mti)",
                    "response_code": "\(response[field: 39].map { ISO8583Redaction.render(39, $0) } ?? "none")"])
            }
            throw error
        }
        ledger.recordDecision(transactionId, attempt: attempt, decision)
        return decision
    }

    /// Sends `message` and waits for its response, as long as the configured timeout.
    func send(_ message: ISO8583Message) async throws(ISO8583TransportError) -> ISO8583Message {
        try await transport.send(message, timeout: configuration.responseTimeout)
    }

    /// The gateway's prepared trace when it gave one, else a new one.
    func stamp(_ prepared: String?, _ acquirer: AcquirerIdentity) async throws(ProcessorError) -> ISO8583Stamp {
        if let prepared, let stamp = ISO8583Stamp(text: prepared) { return stamp }
        return ISO8583Stamp(stan: try await nextSTAN(acquirer.terminalId), at: now())
    }

    func nextSTAN(_ terminalId: String) async throws(ProcessorError) -> String {
        do {
            return try await traceNumbers.next(terminalId: terminalId)
        } catch {
            logger.error("could not reserve STANs", metadata: ["terminal_id": "\(terminalId)", "reason": "\(error)"])
            throw .unavailable(code: "96", message: "trace numbers could not be reserved")
        }
    }

    static func acquirer(_ identity: AcquirerIdentity?) throws(ProcessorError) -> AcquirerIdentity {
        guard let identity, !identity.cardAcceptorId.isEmpty, !identity.terminalId.isEmpty else {
            throw .unavailable(code: "03", message: "the merchant has no acquirer merchant id and terminal id")
        }
        return identity
    }
}

extension ISO8583TransportError {
    /// Not sent: nothing to reverse. Sent without an answer: the caller owes a reversal.
    var processorError: ProcessorError {
        switch self {
        case .notSent: return .notConnected
        case .unanswered: return .noAnswer
        }
    }
}
