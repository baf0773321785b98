import Foundation
import Logging
import Processing

/// Reversals: `cancel` of a request that got no answer, and of one a crash left unanswered.
extension ISO8583Processor {
    /// Reverses the last request sent under the id with a 0400 naming it. With a reversal
    /// queue it returns once the reversal is stored as owed, without waiting for the 0410:
    /// the caller answers its client within the processor timeout, and the forwarder sends
    /// the 0400 at once in the background, repeating it (0401) until acknowledged, even
    /// across a restart. Without a queue it sends the 0400 once and waits for the answer.
    /// Without such a request in memory there is nothing the acquirer could match, so
    /// nothing is sent.
    public func cancel(transactionId: String) async throws(ProcessorError) {
        guard let entry = ledger.entry(transactionId), let lost = entry.lastSent, let merchantId = entry.merchantId else {
            logger.notice("no request to reverse", metadata: ["transaction_id": "\(transactionId)"])
            return
        }
        ledger.markReversed(transactionId)
        let terminal = lost[field: 41]?.text ?? ISO8583TraceNumbers.networkTerminal
        let stamp = ISO8583Stamp(stan: try await nextSTAN(terminal), at: now())
        guard let reversal = builder.reversal(of: lost, stamp: stamp, isRepeat: false) else { return }
        guard let forwarder else {
            try await sendOnce(reversal, transactionId: transactionId)
            return
        }
        // Not sent yet (attempts 0): whoever sends it first sends the 0400.
        let owed = ISO8583PendingReversal(
            transactionId: transactionId, merchantId: merchantId, message: reversal, attempts: 0, nextAttemptAt: now())
        do {
            try await forwarder.queue.enqueue(owed)
        } catch {
            logger.error("could not queue the reversal; sending it once", metadata: [
                "transaction_id": "\(transactionId)", "reason": "\(error)"])
        }
        let logger = self.logger
        Task {
            do {
                try await forwarder.forward(owed)
            } catch {
                logger.error("could not record what came of the reversal", metadata: [
                    "transaction_id": "\(transactionId)", "reason": "\(error)"])
            }
        }
    }

    /// A reversal with nowhere to be kept: sent once, the caller told whether it was acknowledged.
    private func sendOnce(_ reversal: ISO8583Message, transactionId: String) async throws(ProcessorError) {
        do {
            let answer = try await transport.send(reversal, timeout: configuration.responseTimeout)
            logger.info("reversal acknowledged", metadata: [
                "transaction_id": "\(transactionId)", "response_code": "\(answer[field: 39]?.text ?? "none")"])
        } catch {
            logger.warning("reversal not acknowledged", metadata: ["transaction_id": "\(transactionId)", "reason": "\(error)"])
            throw error.processorError
        }
    }

    /// Rebuilds the unanswered request without its card, from its trace, and reverses it. A
    /// request with no trace was never sent (the gateway stopped before): nothing to reverse.
    public func reverseUnanswered(_ request: UnansweredRequest) async throws(ProcessorError) {
        let message: ISO8583Message
        let acquirer: AcquirerIdentity
        switch request {
        case .original(_, let kind, let amount, let trace, let identity):
            guard let trace, let stamp = ISO8583Stamp(text: trace) else { return }
            acquirer = try Self.acquirer(identity)
            message = try builder.original(kind, amount: amount, acquirer: acquirer, stamp: stamp)
        case .followUp(let operation, let followUp):
            guard let trace = followUp.trace, let stamp = ISO8583Stamp(text: trace) else { return }
            acquirer = try Self.acquirer(followUp.acquirer)
            message = try builder.followUp(operation, followUp, acquirer: acquirer, stamp: stamp)
        }
        ledger.recordSent(request.transactionId, message, merchantId: acquirer.merchantId)
        try await cancel(transactionId: request.transactionId)
    }
}
