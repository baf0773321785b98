import CardData
import Foundation

/// Makes what a device's card reader is given: the reader token it prepares the reader with
/// (`PaymentCardReader.prepare(using:)` on an iPhone), and the PIN token a payment waiting for
/// its PIN hands the device (single tap and PIN). Chosen once at start
/// (``ReaderTokenMode``): Tapline's own tokens for the simulated reader, or tokens signed with
/// the payment service provider's key or fetched from its token service, which Apple's reader takes.
protocol ReaderTokenIssuer: Sendable {
    /// The reader token for `request`'s device. Throws a ``GatewayFailure`` when this
    /// merchant cannot have one (a setting the tokens need is missing); nothing is written then.
    func readerToken(for request: ReaderTokenRequest) async throws -> IssuedReaderToken

    /// The token a payment waiting for its PIN gives the device that tapped. The sealed PIN
    /// read carries it back and the gateway compares it with the stored one. Asked for
    /// before phase 3's write, never inside it (the remote issuer calls a service).
    func pinToken(for request: PINTokenRequest) async throws -> String
}

/// What a reader token is made for.
struct ReaderTokenRequest: Sendable {
    var merchantId: String
    var deviceId: String
    /// The merchant's identifier at Apple (`appleMerchantIdentifier` in its payment
    /// settings), which a claim template may name; nil until set.
    var appleMerchantIdentifier: String?
    var issuedAt: Date
    var lifetime: TimeInterval
    /// The gateway's current card-data public key (Tapline's tokens carry it).
    var gatewayKey: ECPublicJWK
    /// A fresh unique id (Tapline's tokens carry it as `jti`).
    var tokenId: String
}

/// A reader token and when it stops working.
struct IssuedReaderToken: Sendable, Equatable {
    var token: String
    var expiresAt: Date
}

/// What a PIN token is made for: the payment waiting for its PIN and the device that tapped.
struct PINTokenRequest: Sendable {
    var paymentId: String
    var merchantId: String
    var deviceId: String?
    /// The reader's id of the read the PIN completes (Apple's card reader transaction id).
    var cardReaderTransactionId: String?
    var issuedAt: Date
    /// The end of the PIN window: the token is good no longer than the payment waits.
    var expiresAt: Date
}
