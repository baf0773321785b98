import Processing

/// Closing a batch: an 0500 per terminal and currency with the gateway's totals in 63; the
/// acquirer answers 00 when its own agree and 95 when they do not.
extension ISO8583Processor {
    public func reconcile(_ request: ReconciliationRequest) async throws(ProcessorError) -> ReconciliationResult? {
        guard let totals = ISO8583ReconciliationTotals.field63(request) else {
            throw .unavailable(code: "13", message: "the batch totals do not fit field 63")
        }
        let stamp = try await stamp(request.trace, request.acquirer)
        var message = ISO8583Message(mti: .reconciliationRequest)
        message.fields[7] = .text(stamp.transmission)
        message.fields[11] = .text(stamp.stan)
        message.fields[41] = .text(request.acquirer.terminalId)
        message.fields[42] = .text(request.acquirer.cardAcceptorId)
        message.fields[49] = .text(ISO8583Amount.currencyCode(request.currency))
        message.fields[63] = .text(totals)
        let response: ISO8583Message
        do {
            response = try await send(message)
        } catch {
            throw error.processorError
        }
        guard let result = ISO8583ReconciliationTotals.result(response) else { throw .noAnswer }
        return result
    }
}
