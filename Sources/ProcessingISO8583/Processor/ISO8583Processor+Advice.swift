import Foundation
import Logging
import PaymentCore
import Processing

/// Completion advices: a capture or tip adjust is an 0220 telling the acquirer what the
/// cardholder was charged under an approved authorization. One that gets no answer is not
/// reversed (the cardholder was served): it is stored and forwarded, repeated as 0221 with
/// the same STAN and transmission time until a 0230 comes, across restarts.
extension ISO8583Processor {
    /// Stores `advice`, sent once and unanswered, as owed and answers the operation approved
    /// for `amount`, as the authorization already decided. Without a queue to keep it (or
    /// when storing it fails) nothing could promise its delivery, so the operation has no
    /// answer, as before: the caller reverses it.
    func oweAdvice(_ advice: ISO8583Message, transactionId: String, merchantId: String, amount: Int64)
        async throws(ProcessorError) -> ProcessorResponse {
        guard let forwarder else { throw .noAnswer }
        // Sent once already: the next send is the first repeat (0221).
        let owed = ISO8583PendingReversal(
            transactionId: transactionId, merchantId: merchantId, message: advice, attempts: 1,
            nextAttemptAt: now().addingTimeInterval(ISO8583ReversalForwarder.delay(afterAttempts: 1)))
        do {
            try await forwarder.queue.enqueue(owed)
        } catch {
            logger.error("could not store an unanswered completion advice; it is reversed instead", metadata: [
                "transaction_id": "\(transactionId)", "reason": "\(error)"])
            throw .noAnswer
        }
        logger.warning("completion advice unanswered; stored and repeated as 0221 until acknowledged", metadata: [
            "transaction_id": "\(transactionId)", "stan": "\(advice[field: 11]?.text ?? "")"])
        var result = ProcessorResult(responseCode: ISOResponseCode.approved.rawValue, message: Self.adviceOwedMessage)
        result.reference = advice[field: 37]?.text
        result.authorizationCode = advice[field: 38]?.text
        let decision = ProcessorResponse(outcome: .approved(amount: amount), result: result)
        ledger.recordDecision(transactionId, attempt: 0, decision)
        return decision
    }

    /// The processor message of an operation whose advice is owed.
    static let adviceOwedMessage = "Approved; the completion advice is stored and sent again until the acquirer acknowledges it"
}
