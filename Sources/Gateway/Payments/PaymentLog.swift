import Logging
import PaymentCore

/// The one log line each payment and follow-up ends with, on the request's logger (so it
/// carries the correlation id). It says what happened and nothing of the card: the row's
/// ids, type, status and the processor's response code.
enum PaymentLog {
    /// Logs that `row` (a payment, or a follow-up operation) ended as it is now.
    static func finished(_ row: Transaction, logger: Logger?, level: Logger.Level = .info) {
        logger?.log(level: level, row.parentId == nil ? "payment" : "follow-up", metadata: metadata(row))
    }

    /// Transaction id, merchant id, type, outcome (the row's status) and response code.
    static func metadata(_ row: Transaction) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "transaction_id": "\(row.id)", "merchant_id": "\(row.merchantId)", "type": "\(row.type.rawValue)",
            "outcome": "\(row.status.rawValue)",
        ]
        if let code = row.processorResult?.responseCode { metadata["response_code"] = "\(code)" }
        if let parent = row.parentId { metadata["payment_id"] = "\(parent)" }
        return metadata
    }
}
