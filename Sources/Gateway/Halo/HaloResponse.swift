import CardData
import GatewayAPI
import Hummingbird
import PaymentCore

/// Renders a transaction as the Halo document's `onlineAuthorizationResponse`.
///
/// Error codes: 0 approved; an issuer decline carries its ISO code as a number (65, 51,
/// 05 → 5); 209 when the payment provider failed (processor error or no answer); 211 for
/// invalid PIN data (a wrong PIN, and the last wrong PIN with ISO 75).
enum HaloResponse {
    static let providerFailed = 209
    static let invalidPINData = 211

    /// The body and the status: 200 for an approved tap, 201 for a tap waiting for its PIN
    /// or declined, and 201 for every answer to a PIN, as the document shows.
    static func render(_ row: Transaction, isPINAnswer: Bool) -> (HTTPResponse.Status, AppleTransactionResponse) {
        let body = OnlineAuthorizationResponse(
            type: isApproved(row) ? "Approved" : "Declined",
            authorizationCode: isApproved(row) ? row.processorResult?.authorizationCode ?? "" : "",
            tags: HaloExtras.tags(row), haloReference: row.id, errorMessage: message(row), errorCode: errorCode(row),
            isoResponseCode: row.processorResult?.responseCode ?? "",
            association: row.processorResult?.reference ?? "", expiryDate: HaloExtras.expiryDate(row),
            paymentProviderReference: isApproved(row) ? row.processorResult?.reference ?? "" : "",
            cardType: cardType(row.cardPresent?.funding), cardScheme: scheme(row.card?.brand), customValues: HaloExtras.customValues(row),
            isSingleTapAndPin: row.status == .pinRequired, maskedPAN: row.card?.maskedPan ?? "",
            pinToken: row.status == .pinRequired ? row.pinChallenge?.token ?? "" : "",
            cardReaderId: row.cardPresent?.cardReaderId ?? "",
            cardReaderTransactionId: row.cardPresent?.cardReaderTransactionId ?? "",
            amount: row.amount, currency: row.currency.code, merchantReference: row.referenceId ?? "")
        let status: HTTPResponse.Status = isApproved(row) && !isPINAnswer ? .ok : .created
        return (status, AppleTransactionResponse(onlineAuthorizationResponse: body))
    }

    static func isApproved(_ row: Transaction) -> Bool {
        switch row.status {
        case .captured, .authorized, .approved, .refunded: return true
        default: return false
        }
    }

    private static func isPINDecline(_ row: Transaction) -> Bool {
        guard let challenge = row.pinChallenge, challenge.failedAttempts > 0 else { return false }
        let code = row.processorResult?.responseCode
        return code == "55" || code == "75"
    }

    private static func errorCode(_ row: Transaction) -> Int {
        if isApproved(row) { return 0 }
        if row.status == .failed { return providerFailed }
        if isPINDecline(row) { return invalidPINData }
        return row.processorResult.flatMap { Int($0.responseCode) } ?? providerFailed
    }

    private static func message(_ row: Transaction) -> String {
        if isApproved(row) { return "Transaction approved" }
        if row.status == .failed {
            return "The payment provider could not process the transaction (\(row.processorResult?.message ?? "no answer"))"
        }
        if isPINDecline(row) {
            let left = row.status == .pinRequired ? row.pinChallenge?.attemptsRemaining ?? 0 : 0
            return left > 0 ? "Invalid PIN data: \(left) \(left == 1 ? "try" : "tries") left" : "Invalid PIN data: allowable number of PIN tries exceeded"
        }
        return row.processorResult?.message ?? "Declined"
    }

    private static func cardType(_ funding: String?) -> String {
        switch funding {
        case "credit": return "Credit Card"
        case "debit": return "Debit Card"
        case "prepaid": return "Prepaid Card"
        default: return ""
        }
    }

    private static func scheme(_ brand: String?) -> String {
        guard let brand, let known = CardBrand(rawValue: brand), known != .unknown else { return "" }
        return known.displayName
    }
}
