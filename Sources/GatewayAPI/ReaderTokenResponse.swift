import CardData
import Foundation

/// `POST /v1/devices/{deviceId}/reader-token`: what a reader needs to read cards for the gateway.
public struct ReaderTokenResponse: Codable, Sendable, Equatable {
    /// The reader token, a compact JWT. With Tapline's own tokens (the default) its `typ` is
    /// `tapline-reader+jwt` and it names merchant, device, expiry and the gateway's card-data
    /// key; with `--reader-tokens signed` it is the payment service provider's ES256 token for
    /// Apple's reader. It is never an access token.
    public var token: String
    public var expiresAt: Date
    /// The id of the card-data key, the `kid` sealed card data names.
    public var keyId: String
    /// The gateway's current card-data public key (P-256), to seal `paymentCardData` to.
    public var publicKey: ECPublicJWK
    /// The merchant and device the token is for: card data sealed to ``publicKey`` names them
    /// (the binding the gateway checks), whatever the token looks like.
    public var merchantId: String?
    public var deviceId: String?

    public init(token: String, expiresAt: Date, keyId: String, publicKey: ECPublicJWK, merchantId: String? = nil, deviceId: String? = nil) {
        self.token = token
        self.expiresAt = expiresAt
        self.keyId = keyId
        self.publicKey = publicKey
        self.merchantId = merchantId
        self.deviceId = deviceId
    }
}
