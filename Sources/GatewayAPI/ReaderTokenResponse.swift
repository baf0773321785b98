import CardData
import Foundation

/// `POST /v1/devices/{deviceId}/reader-token`: what a reader needs to read cards for the gateway.
public struct ReaderTokenResponse: Codable, Sendable, Equatable {
    /// The reader token, a compact JWT (`typ: tapline-reader+jwt`) naming merchant, device,
    /// expiry and the gateway's card-data key. It is not an access token.
    public var token: String
    public var expiresAt: Date
    /// The id of the card-data key, the `kid` sealed card data names.
    public var keyId: String
    /// The gateway's current card-data public key (P-256), to seal `paymentCardData` to.
    public var publicKey: ECPublicJWK

    public init(token: String, expiresAt: Date, keyId: String, publicKey: ECPublicJWK) {
        self.token = token
        self.expiresAt = expiresAt
        self.keyId = keyId
        self.publicKey = publicKey
    }
}
