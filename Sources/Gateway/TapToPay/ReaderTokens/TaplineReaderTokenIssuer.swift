import CardData
import Foundation

/// Tapline's own reader tokens (`--reader-tokens tapline`, the default): HS256 under the
/// gateway's token-signing key, carrying the card-data key the simulated reader seals to;
/// PIN tokens are 128 random bits. A real iPhone's reader refuses these tokens.
struct TaplineReaderTokenIssuer: ReaderTokenIssuer {
    let signer: ReaderTokenSigner

    func readerToken(for request: ReaderTokenRequest) async throws -> IssuedReaderToken {
        let issuedAt = Int64(request.issuedAt.timeIntervalSince1970)
        let claims = ReaderTokenClaims(
            sub: request.deviceId, mid: request.merchantId, iat: issuedAt, exp: issuedAt + Int64(request.lifetime),
            jti: request.tokenId, gatewayKey: request.gatewayKey)
        return IssuedReaderToken(token: signer.sign(claims), expiresAt: claims.expiresAt)
    }

    func pinToken(for request: PINTokenRequest) async -> String {
        RandomToken.hex()
    }
}
