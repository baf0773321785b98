import CardData
import Foundation
import GatewayAPI
import PaymentCore

extension TapToPay {
    /// The ARISE-shaped result of a payment by tap.
    static func result(_ outcome: TapPaymentOutcome) -> TTPTransactionResult {
        var result = TTPTransactionResult(status: outcome.status)
        result.cvmAction = outcome.verification?.rawValue
        result.externalReferenceID = outcome.read?.id
        guard let transaction = outcome.transaction else { return result }
        result.transactionId = transaction.id
        result.orderId = transaction.referenceId
        if let currency = Currency(code: transaction.currency) {
            let authorized = transaction.amounts?.authorized ?? (outcome.status == .approved ? transaction.amount : 0)
            result.authorizedAmount = Money(minorUnits: authorized, currency: currency).formattedAmount
        }
        result.authorizationCode = transaction.processor?.authorizationCode
        result.authorisationResponseCode = transaction.processor?.responseCode
        result.authorizedDate = ISO8601DateFormatter().string(from: transaction.createdAt)
        result.authorizedDateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        result.cardBrandName = transaction.card.map { CardBrand(rawValue: $0.brand)?.displayName ?? $0.brand }
        result.maskedCardNumber = transaction.card?.maskedPan
        if let present = transaction.cardPresent {
            result.applicationIdentifier = present.applicationId
            result.applicationPreferredName = present.applicationLabel
            result.applicationCryptogram = present.cryptogram
            result.applicationTransactionCounter = present.applicationTransactionCounter
            result.terminalVerificationResults = present.terminalVerificationResults
            result.externalReferenceID = present.cardReaderTransactionId ?? result.externalReferenceID
            result.partnerDataMap = ["deviceId": present.deviceId]
        }
        if transaction.signatureRequired == true, transaction.hasSignature != true {
            // Approved but held, not captured: the app must take the signature
            // (uploadSignature, then captureTransaction) or void the payment.
            result.partnerDataMap = (result.partnerDataMap ?? [:]).merging(["signatureRequired": "true"]) { $1 }
        }
        return result
    }
}
