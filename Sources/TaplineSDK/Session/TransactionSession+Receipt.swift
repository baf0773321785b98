import CardData
import Foundation
import GatewayAPI
import PaymentCore

extension TransactionSession {
    func makeReceipt(_ outcome: TapPaymentOutcome, transaction: TransactionResource, total: Money, gratuity: Int64,
                     type: TransactionReceipt.Kind, metadata: TransactionMetadata, initiatorId: String) -> TransactionReceipt {
        let code: TransactionReceipt.ResponseCode
        switch outcome.status {
        case .approved: code = .approved
        case .declined: code = .declined
        case .cancelled, .failed: code = .failed
        }
        var receipt = TransactionReceipt(amount: total.minorUnits, type: type, currency: total.currency, responseCode: code,
                                         terminalSerialNumber: client.connection.deviceId)
        receipt.saleReferenceId = metadata.saleReferenceId
        receipt.gratuityAmount = gratuity
        receipt.authorisedAmount = transaction.amounts?.authorized ?? (code == .approved ? transaction.amount : nil)
        if let parts = transaction.amountDetails {
            receipt.baseAmount = parts.baseAmount
            receipt.discountAmount = parts.percentageOffAmount + parts.cashDiscountAmount
            receipt.surchargeAmount = parts.surchargeAmount
            receipt.surchargeRate = parts.surchargeRate > 0 ? .percent(parts.surchargeRate) : nil
            receipt.taxAmount = parts.taxAmount
        }
        receipt.authCode = transaction.processor?.authorizationCode
        receipt.responseReason = transaction.processor?.message ?? (outcome.status == .cancelled ? "Cancelled during PIN entry" : nil)
        receipt.actionCode = transaction.processor?.responseCode
        receipt.additionalResponseInformation = transaction.pin.map { "PIN requested; \($0.attemptsRemaining) attempts remaining" }
        receipt.authenticationMethod = outcome.verification
        receipt.aid = transaction.cardPresent?.applicationId
        receipt.applicationLabel = transaction.cardPresent?.applicationLabel
        if let masked = transaction.card?.maskedPan {
            receipt.panStart = String(masked.prefix(6))
            receipt.panLastFour = String(masked.suffix(4))
        }
        receipt.recipientTransactionId = transaction.id
        receipt.initiatorTransactionId = initiatorId
        receipt.transactionReference = transaction.cardPresent?.cardReaderTransactionId ?? outcome.read?.id
        receipt.dateTime = ISO8601DateFormatter().string(from: transaction.createdAt)
        receipt.captured = transaction.status == .captured || (type == .refund && code == .approved)
        receipt.additionalInformation = transaction.additionalInformation
        return receipt
    }
}
