import Foundation

/// The processor's side of a payment's answer (ARISE `TransactionResponseDetailsDto`).
public struct TransactionResponseDetails: Sendable, Equatable {
    /// The ISO 8583 response code, e.g. "00" approved, "05" do not honour, "51" insufficient funds.
    public var hostResponseCode: String?
    /// The processor's words for it.
    public var hostResponseMessage: String?
    /// What the code means for the payment: "Approved", "Partially approved", "Declined",
    /// "PIN required" or "Failed" (from the payment's status).
    public var hostResponseDefinition: String?
    /// The gateway's high-level outcome: "approved", "declined", "pinRequired", "failed".
    public var code: String?
    /// A sentence for the outcome, e.g. "Approved: 25.00 USD" or the processor's message.
    public var message: String?
    /// The processor's own response code (the same ISO 8583 code: Tapline's processors answer in it).
    public var processorResponseCode: String?
    /// The authorization code, on approvals.
    public var authCode: String?
    /// The masked card number (first 6 and last 4 digits).
    public var maskedPan: String?
    /// The card brand as the gateway names it: `visa`, `mastercard`, `amex`…
    public var cardBrand: String?

    init(_ details: TransactionDetails) {
        hostResponseCode = details.responseCode
        hostResponseMessage = details.responseDescription
        processorResponseCode = details.responseCode
        authCode = details.authCode
        maskedPan = details.card?.maskedPan
        cardBrand = details.card?.brand
        let outcome = Self.outcome(details)
        code = outcome.code
        hostResponseDefinition = outcome.definition
        message = outcome.code == "approved"
            ? "\(outcome.definition): \(details.amounts?.authorizedAmount ?? details.amount) \(details.currency.code)"
            : details.responseDescription ?? outcome.definition
    }

    private static func outcome(_ details: TransactionDetails) -> (code: String, definition: String) {
        switch details.status {
        case .captured, .authorized, .approved:
            let partial = details.responseCode == "10"
            return ("approved", partial ? "Partially approved" : "Approved")
        case .pinRequired: return ("pinRequired", "PIN required")
        case .failed: return ("failed", "Failed")
        case .pending: return ("pending", "Pending")
        default: return ("declined", "Declined")
        }
    }
}
