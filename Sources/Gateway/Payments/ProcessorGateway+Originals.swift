import Logging
import PaymentCore
import Processing

extension ProcessorGateway {
    /// Phases 2 and 3 of a sale, authorization or PIN try whose row phase 1 wrote: the
    /// processor decides, outside any database transaction, then the answer is recorded on
    /// row `id`. A processor failure ends the row `failed` (``ProcessorFailure``) and throws.
    func decideOriginal(
        _ request: AuthorizationRequest, id: String, merchantId: String, recorder: OutcomeRecorder, logger: Logger
    ) async throws -> Transaction {
        let response: ProcessorResponse
        do throws(ProcessorError) {
            response = try await authorize(request)
        } catch {
            try await ProcessorFailure.failOriginal(id: id, merchantId: merchantId, error: error, recorder: recorder, processor: self, logger: logger)
        }
        return try await recorder.finishOriginal(id: id, merchantId: merchantId, outcome: response.outcome, result: response.result)
    }
}
