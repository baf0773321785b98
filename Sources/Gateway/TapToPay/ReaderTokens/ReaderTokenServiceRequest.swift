import Foundation

/// What the gateway POSTs to the provider's token service (`--reader-tokens remote`), as
/// JSON; docs/ios.md documents it. `kind` says which token is asked for; the fields a kind
/// does not use are absent, as is `appleMerchantIdentifier` while the merchant has none.
/// Times are RFC 3339 in UTC, whole seconds.
struct ReaderTokenServiceRequest: Encodable, Equatable {
    /// `reader` (the token the device prepares its reader with) or `pin` (the token a
    /// payment waiting for its PIN gives the device that tapped).
    var kind: String
    var merchantId: String
    var deviceId: String?
    /// The merchant's identifier at Apple (its `appleMerchantIdentifier` setting).
    var appleMerchantIdentifier: String?
    var issuedAt: String
    /// Reader tokens: the lifetime the gateway is configured with (`--reader-token-lifetime`).
    var lifetimeSeconds: Int?
    /// PIN tokens: the payment waiting for its PIN.
    var paymentId: String?
    /// PIN tokens: the reader's id of the read the PIN completes.
    var cardReaderTransactionId: String?
    /// PIN tokens: the end of the PIN window.
    var expiresAt: String?

    static func reader(_ request: ReaderTokenRequest) -> ReaderTokenServiceRequest {
        ReaderTokenServiceRequest(
            kind: "reader", merchantId: request.merchantId, deviceId: request.deviceId,
            appleMerchantIdentifier: request.appleMerchantIdentifier, issuedAt: rfc3339(request.issuedAt),
            lifetimeSeconds: Int(request.lifetime))
    }

    static func pin(_ request: PINTokenRequest) -> ReaderTokenServiceRequest {
        ReaderTokenServiceRequest(
            kind: "pin", merchantId: request.merchantId, deviceId: request.deviceId, issuedAt: rfc3339(request.issuedAt),
            paymentId: request.paymentId, cardReaderTransactionId: request.cardReaderTransactionId, expiresAt: rfc3339(request.expiresAt))
    }

    /// The JSON body, keys sorted.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    static func rfc3339(_ date: Date) -> String {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)).ISO8601Format()
    }
}
