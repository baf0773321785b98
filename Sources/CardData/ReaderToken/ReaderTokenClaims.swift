import Foundation

/// The claims of a reader token: the gateway's answer to "may this device read cards, and
/// to which key does it seal them" (the role of Apple's `PaymentCardReader.Token`).
///
/// The gateway signs the token with HS256 under its own secret, so only the gateway can
/// verify it. A reader cannot and need not: it reads ``gatewayKey`` with
/// ``decodeUnverified(_:)`` and seals card data to it; the gateway checks the token and
/// opens the data when the payment arrives.
public struct ReaderTokenClaims: Codable, Sendable, Equatable {
    /// The JOSE `typ` of a reader token, so it is never mistaken for an access token.
    public static let tokenType = "tapline-reader+jwt"
    public static let issuer = "tapline"

    /// "tapline".
    public var iss: String
    /// The device's installation id.
    public var sub: String
    /// The merchant the device is registered to.
    public var mid: String
    /// Issued at, seconds since 1970.
    public var iat: Int64
    /// Expires at, seconds since 1970.
    public var exp: Int64
    /// The token's unique id.
    public var jti: String
    /// The id of the card-data key in ``gatewayKey``: the `kid` a sealed payload names.
    public var kid: String
    /// The gateway's current card-data public key, what `paymentCardData` is sealed to.
    public var gatewayKey: ECPublicJWK

    public init(sub: String, mid: String, iat: Int64, exp: Int64, jti: String, gatewayKey: ECPublicJWK, iss: String = ReaderTokenClaims.issuer) {
        self.iss = iss
        self.sub = sub
        self.mid = mid
        self.iat = iat
        self.exp = exp
        self.jti = jti
        self.kid = gatewayKey.kid ?? ""
        self.gatewayKey = gatewayKey
    }

    public var deviceId: String { sub }
    public var merchantId: String { mid }
    public var expiresAt: Date { Date(timeIntervalSince1970: TimeInterval(exp)) }

    /// The key to seal card data to, named by ``kid`` and bound to this token's merchant and
    /// device (``ReaderBinding``).
    public func sealingKey() throws(SealedDataError) -> SealingKey {
        let key = try gatewayKey.sealingKey()
        return SealingKey(keyId: kid, publicKey: key.publicKey, binding: ReaderBinding(claims: self))
    }

    /// The claims of a compact reader token, without checking its signature (the reader
    /// does not hold the gateway's secret). Refuses anything whose header is not a reader
    /// token's, such as an access token.
    public static func decodeUnverified(_ token: String) throws(ReaderTokenError) -> ReaderTokenClaims {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
              let header = try? JSONDecoder().decode(Header.self, from: headerData) else { throw .malformed }
        guard header.typ == tokenType else { throw .notAReaderToken }
        guard let claims = try? JSONDecoder().decode(ReaderTokenClaims.self, from: payload) else { throw .malformed }
        return claims
    }

    private struct Header: Decodable {
        var alg: String?
        var typ: String?
    }
}
