import Foundation
import GatewayAPI

/// Reader tokens signed with the payment service provider's key (`--reader-tokens signed`):
/// ES256, `kid` in the header, the claims the provider's template says. PIN tokens are signed
/// with the same key: a short JWT naming the payment, the read, the device and the merchant,
/// good only for the PIN window.
struct SignedReaderTokenIssuer: ReaderTokenIssuer {
    let settings: SignedReaderTokenSettings

    func readerToken(for request: ReaderTokenRequest) async throws -> IssuedReaderToken {
        let issuedAt = Int64(request.issuedAt.timeIntervalSince1970)
        let expiresAt = issuedAt + Int64(request.lifetime)
        if settings.claims.needsMerchantIdentifier && request.appleMerchantIdentifier == nil {
            throw GatewayFailure.readerTokenSettingMissing(setting: "appleMerchantIdentifier")
        }
        let values = [
            "merchantIdentifier": request.appleMerchantIdentifier ?? "", "merchantId": request.merchantId, "deviceId": request.deviceId,
            "issuer": settings.issuer, "issuedAt": String(issuedAt), "expiresAt": String(expiresAt), "nonce": RandomToken.hex(),
        ]
        let token = try ES256JWT.sign(settings.claims.filled(with: values), keyId: settings.keyId, key: settings.privateKey)
        return IssuedReaderToken(token: token, expiresAt: Date(timeIntervalSince1970: TimeInterval(expiresAt)))
    }

    func pinToken(for request: PINTokenRequest) async throws -> String {
        let claims = PINTokenClaims(
            iss: settings.issuer, sub: request.deviceId, mid: request.merchantId, pid: request.paymentId,
            rid: request.cardReaderTransactionId, iat: Int64(request.issuedAt.timeIntervalSince1970),
            exp: Int64(request.expiresAt.timeIntervalSince1970), nonce: RandomToken.hex())
        return try ES256JWT.sign(claims, keyId: settings.keyId, key: settings.privateKey)
    }

    /// The claims of a signed PIN token.
    struct PINTokenClaims: Codable, Equatable {
        var iss: String
        /// The device that tapped.
        var sub: String?
        var mid: String
        /// The payment waiting for its PIN.
        var pid: String
        /// The reader's id of the read the PIN completes.
        var rid: String?
        var iat: Int64
        var exp: Int64
        var nonce: String
    }
}
