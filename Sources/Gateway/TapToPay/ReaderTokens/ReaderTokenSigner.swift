import CardData
@preconcurrency import Crypto
import Foundation

/// Signs and verifies reader tokens: compact JWTs, HS256 under the token-signing key, with
/// `typ: tapline-reader+jwt` so a reader token is never accepted as an access token and an
/// access token never as a reader token.
struct ReaderTokenSigner: Sendable {
    let key: SymmetricKey

    func sign(_ claims: ReaderTokenClaims) -> String {
        HS256JWT.sign(claims, type: ReaderTokenClaims.tokenType, key: key)
    }

    /// The claims of a genuine, unexpired reader token; nil for anything else.
    func verify(_ token: String, now: Date) -> ReaderTokenClaims? {
        guard let payload = HS256JWT.verifiedPayload(token, type: ReaderTokenClaims.tokenType, key: key),
              let claims = try? JSONDecoder().decode(ReaderTokenClaims.self, from: payload),
              claims.iss == ReaderTokenClaims.issuer,
              Int64(now.timeIntervalSince1970) < claims.exp else { return nil }
        return claims
    }
}
