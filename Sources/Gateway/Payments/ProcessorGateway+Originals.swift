import Logging
import PaymentCore
import Processing
import Storage

extension ProcessorGateway {
    /// Phases 2 and 3 of a sale, authorization or PIN try whose row phase 1 wrote: the
    /// processor decides, outside any database transaction, then the answer is recorded on
    /// row `id`. A processor failure ends the row `failed` (``ProcessorFailure``) and throws.
    ///
    /// With a billing address, the address verification answer is recorded (`unavailable`
    /// when the processor gives none); an approval the merchant's AVS profile refuses
    /// (``AVSSettings/refuses(_:)``) is reversed at the processor and recorded declined.
    func decideOriginal(
        _ request: AuthorizationRequest, id: String, merchantId: String, recorder: OutcomeRecorder, logger: Logger,
        avsSettings: AVSSettings = AVSSettings()
    ) async throws -> Transaction {
        let response: ProcessorResponse
        do throws(ProcessorError) {
            response = try await authorize(request)
        } catch {
            try await ProcessorFailure.failOriginal(id: id, merchantId: merchantId, error: error, recorder: recorder, processor: self, logger: logger)
        }
        let avs = request.billingAddress == nil ? nil : response.avs ?? .unavailable
        if let avs, response.approvedAmount != nil, avsSettings.refuses(avs) {
            // Approved by the issuer, refused by the merchant's rule: give the hold back.
            await cancel(transactionId: id)
            let profile = avsSettings.profile?.name ?? ""
            let result = ProcessorResult(
                responseCode: ISOResponseCode.doNotHonour.rawValue,
                message: "Declined by the merchant's AVS profile (\(profile)): \(avs.meaning) (AVS \(avs.code)); the approval was reversed",
                reference: response.result.reference)
            logger.info("payment declined by AVS", metadata: ["transaction_id": "\(id)", "avs": "\(avs.code)"])
            return try await recorder.finishOriginal(id: id, merchantId: merchantId, outcome: .declined, result: result, avs: avs)
        }
        return try await recorder.finishOriginal(
            id: id, merchantId: merchantId, outcome: response.outcome, result: response.result, avs: avs, cardExpiry: response.cardExpiry,
            emvResponse: response.emvResponse)
    }
}
