import Foundation
import GatewayAPI
import PaymentCore
import Storage

/// Builds a payment's or a refund's receipt (``ReceiptResource``) from its row, the payment
/// it refunds (for the card a refund went back to) and the merchant's profile. A receipt is
/// of an original (a sale, an authorization, an ACH debit, an unreferenced refund) or of a
/// refund; a capture, void or other follow-up has none of its own: its payment's receipt
/// shows what it changed.
enum ReceiptBuilder {
    /// Why a transaction has no receipt of its own, for the 404's message; nil when it has one.
    static func refusal(of row: Transaction) -> String? {
        if row.type == .cardAuthentication { return "transaction \(row.id) is a card verification, which has no receipt" }
        if row.parentId != nil, row.type != .refund, let parent = row.parentId {
            return "transaction \(row.id) is a \(row.type.rawValue); its payment's receipt is at /v1/transactions/\(parent)/receipt"
        }
        return nil
    }

    /// The receipt of `row`; `payment` is the row a refund refunds (nil otherwise).
    static func receipt(of row: Transaction, payment: Transaction?, merchant: MerchantResource) -> ReceiptResource {
        let card = row.card ?? payment?.card
        let present = row.cardPresent ?? payment?.cardPresent
        var receipt = ReceiptResource(
            merchant: merchant, recipientTransactionId: row.id, type: row.type == .refund ? .refund : .purchase,
            transactionType: row.type, status: row.status, amount: row.amount, authorisedAmount: row.approvedAmount,
            currency: row.currency.code, responseCode: responseCode(of: row),
            paymentInterface: card?.entryMode ?? (row.bankAccount != nil ? "ach" : "manual"), dateTime: row.createdAt)
        receipt.saleReferenceId = row.referenceId ?? payment?.referenceId
        receipt.gratuityAmount = row.tipAmount
        receipt.amountDetails = row.amountDetails.map(AmountController.render)
        if row.type.isOriginal {
            receipt.totals = PaymentAmounts(of: row)
            receipt.net = row.netAmount
        } else {
            receipt.net = -row.approvedAmount
        }
        receipt.authCode = row.processorResult?.authorizationCode
        receipt.responseReason = row.processorResult?.message
        receipt.actionCode = row.processorResult?.responseCode
        receipt.authenticationMethod = present?.cvmResults.flatMap(CVMResults.init(hex:)).map(\.methodName)
        receipt.aid = present?.applicationId
        receipt.applicationLabel = present?.applicationLabel
        if row.cardPresent != nil {
            // The cryptogram and its counters are this read's; a refund's row has its own or none.
            receipt.terminalVerificationResults = present?.terminalVerificationResults
            receipt.applicationCryptogram = present?.cryptogram
            receipt.applicationTransactionCounter = present?.applicationTransactionCounter
        }
        receipt.cardBrand = card?.brand
        if let masked = card?.maskedPan {
            receipt.panStart = String(masked.prefix(6))
            receipt.panLastFour = String(masked.suffix(4))
        } else if let account = row.bankAccount {
            receipt.panLastFour = String(account.maskedAccountNumber.suffix(4))
        }
        receipt.transactionReference = present?.cardReaderTransactionId
        receipt.terminalSerialNumber = present?.deviceId ?? row.createdById
        receipt.signatureBase64 = row.signature
        receipt.captured = row.capturedAmount > 0 || (row.type == .refund && row.status == .approved)
        return receipt
    }

    /// The decision as a receipt words it.
    static func responseCode(of row: Transaction) -> ReceiptResource.ResponseCode {
        switch row.status {
        case .declined: return .declined
        case .failed: return .failed
        case .pending, .pinRequired, .inProgress: return .pending
        default: return .approved
        }
    }
}
