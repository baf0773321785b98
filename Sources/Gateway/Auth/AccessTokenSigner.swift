@preconcurrency import Crypto
import Foundation

/// The claims of an access token.
struct AccessTokenClaims: Codable, Sendable, Equatable {
    var iss: String
    /// Client id.
    var sub: String
    /// Merchant id.
    var mid: String
    /// ARISE permission names.
    var perms: [String]
    var iat: Int64
    var exp: Int64
    var jti: String
}

/// Signs and verifies access tokens as compact JWTs with HS256 (`typ: JWT`).
///
/// Only HS256 with our own key and the access-token `typ` is accepted, so neither a token
/// claiming `none` nor a reader token signed with the same key opens the API.
struct AccessTokenSigner: Sendable {
    static let issuer = "tapline"
    static let tokenType = "JWT"
    let key: SymmetricKey

    func sign(_ claims: AccessTokenClaims) -> String {
        HS256JWT.sign(claims, type: Self.tokenType, key: key)
    }

    /// The claims of a genuine, unexpired token; nil for anything else.
    func verify(_ token: String, now: Date) -> AccessTokenClaims? {
        guard let payload = HS256JWT.verifiedPayload(token, type: Self.tokenType, key: key),
              let claims = try? JSONDecoder().decode(AccessTokenClaims.self, from: payload),
              claims.iss == Self.issuer,
              Int64(now.timeIntervalSince1970) < claims.exp else { return nil }
        return claims
    }
}
