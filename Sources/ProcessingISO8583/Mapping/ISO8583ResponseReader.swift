import CardData
import PaymentCore
import Processing

/// Reads an acquirer's response into the processor's decision (docs/iso8583.md,
/// "Responses"). A response that cannot be trusted is treated as no answer, so the caller
/// reverses: an approval is never guessed.
enum ISO8583ResponseReader {
    /// The decision `response` gives on `request`, which asked for `asked` minor units.
    ///
    /// - Throws: `.unavailable` for a code whose handling is re-enter, format error or retry
    ///   later (19, 30, 91, 96…: nothing approved, nothing declined; `ISOResponseCodeTable`); `.noAnswer` for a
    ///   response without a valid 39, a partial approval whose amount is not more than zero
    ///   and at most what was asked, or an approval of an original without 37: without its
    ///   RRN the payment could never be voided, captured or refunded through the link, so it
    ///   is reversed and failed rather than kept.
    static func decision(_ response: ISO8583Message, request: ISO8583Message, asked: Int64) throws(ProcessorError) -> ProcessorResponse {
        guard let raw = response[field: 39]?.text, raw.utf8.count == 2 else { throw .noAnswer }
        let code = ISOResponseCode(rawValue: raw)
        var result = ProcessorResult(responseCode: raw, message: code.message)
        result.reference = trimmed(response[field: 37]?.text) ?? trimmed(request[field: 37]?.text)
        let outcome: OperationOutcome
        switch code.disposition {
        case .approved:
            outcome = .approved(amount: asked)
        case .partiallyApproved:
            guard let approved = ISO8583Amount.minorUnits(response[field: 4]?.text), approved > 0, approved <= asked else {
                throw .noAnswer
            }
            outcome = .approved(amount: approved)
        case .pinRequired:
            outcome = .pinRequired
        case .declined:
            outcome = .declined
        case .systemError:
            throw .unavailable(code: raw, message: code.message)
        }
        // An original carries no 37: its RRN comes only in the answer.
        if case .approved = outcome, result.reference == nil { throw .noAnswer }
        if code.isApproval { result.authorizationCode = trimmed(response[field: 38]?.text) }
        // A sealed card's expiry is known only to the acquirer that opened it (field 120).
        let expiry = request[field: 120] == nil ? nil : cardExpiry(response[field: 14]?.text)
        return ProcessorResponse(outcome: outcome, result: result, cardExpiry: expiry, emvResponse: ISO8583IssuerData.read(response[field: 55]))
    }

    /// Field 14, `YYMM`; nil when absent or not a month.
    static func cardExpiry(_ text: String?) -> CardExpiry? {
        guard let text, text.utf8.count == 4, let year = Int(text.prefix(2)), let month = Int(text.suffix(2)) else { return nil }
        return try? CardExpiry(month: month, year: 2000 + year)
    }

    /// Fixed an fields arrive space-padded ("A1B2  "); an all-space one means none.
    private static func trimmed(_ text: String?) -> String? {
        guard let text else { return nil }
        let kept = String(text.reversed().drop { $0 == " " }.reversed())
        return kept.isEmpty ? nil : kept
    }
}
