import Foundation

/// The JSON the gateway POSTs to the provider's decryption service (`--card-data remote`),
/// documented in docs/ios.md ("Card data").
struct CardDataServiceRequest: Encodable, Sendable {
    /// The reader's opaque `paymentCardData`, exactly as the device sent it.
    var paymentCardData: String
    /// The reader's `generalCardData`, as the device sent it.
    var generalCardData: String
    /// The merchant the request is for, and the device (installation id) that sent it.
    var merchantId: String
    var deviceId: String
    /// What the request asks, minor units with tip, and its currency; absent when the route
    /// takes them from the read (Halo, and `/v1` taps that leave them out).
    var amount: Int64?
    var currency: String?

    init(_ paymentCardData: String, context: CardDataContext) {
        self.paymentCardData = paymentCardData
        generalCardData = context.generalCardData
        merchantId = context.merchantId
        deviceId = context.deviceId
        amount = context.amount
        currency = context.currency
    }
}

/// The decryption service's 200 answer: the EMV TLV inside the card data, and the merchant
/// and device the data was read for (which the service knows from the reader token it was
/// read under). Any other shape is a service failure (503), never a refusal of the card.
struct CardDataServiceAnswer: Decodable, Sendable {
    /// Base64 of the BER-TLV plaintext, the same tags Tapline's own JWE holds.
    var cardData: String
    var merchantId: String
    var deviceId: String
    /// A PIN read's PIN, translated by the service: an ISO 9564 format 0 block under the PIN
    /// key it shares with the gateway, 16 hex digits. Absent for a read without a PIN.
    var pinBlock: String?
}
