import Foundation

/// The processor's side of a payment's answer (ARISE `TransactionResponseDetailsDto`).
public struct TransactionResponseDetails: Sendable, Equatable {
    /// The ISO 8583 response code, e.g. "00" approved, "05" do not honour, "51" insufficient funds.
    public var hostResponseCode: String?
    /// The processor's words for it.
    public var hostResponseMessage: String?
    /// The authorization code, on approvals.
    public var authCode: String?
    /// The masked card number (first 6 and last 4 digits).
    public var maskedPan: String?
    /// The card brand as the gateway names it: `visa`, `mastercard`, `amex`…
    public var cardBrand: String?

    init(_ details: TransactionDetails) {
        hostResponseCode = details.responseCode
        hostResponseMessage = details.responseDescription
        authCode = details.authCode
        maskedPan = details.card?.maskedPan
        cardBrand = details.card?.brand
    }
}
