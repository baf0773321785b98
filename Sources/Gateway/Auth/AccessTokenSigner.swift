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
/// claiming `none` nor a reader token signed with the same key opens the API. A token that
/// verified once is remembered (``VerifiedTokenCache``) and only its expiry checked again.
struct AccessTokenSigner: Sendable {
    static let issuer = "tapline"
    static let tokenType = "JWT"
    let key: SymmetricKey
    /// Tokens verified before; this signer's own, so each gateway has one.
    let cache: VerifiedTokenCache

    init(key: SymmetricKey, cacheCapacity: Int = VerifiedTokenCache.defaultCapacity) {
        self.key = key
        cache = VerifiedTokenCache(capacity: cacheCapacity)
    }

    func sign(_ claims: AccessTokenClaims) -> String {
        HS256JWT.sign(claims, type: Self.tokenType, key: key)
    }

    /// The claims of a genuine, unexpired token; nil for anything else.
    func verify(_ token: String, now: Date) -> AccessTokenClaims? {
        verified(token, now: now)?.claims
    }

    /// A genuine, unexpired token's claims and permissions; nil for anything else. Only a
    /// token that verified in full is remembered; `exp` is checked on every call.
    func verified(_ token: String, now: Date) -> VerifiedAccessToken? {
        let seconds = Int64(now.timeIntervalSince1970)
        if let known = cache.verified(token) {
            return seconds < known.claims.exp ? known : nil
        }
        guard let payload = HS256JWT.verifiedPayload(token, type: Self.tokenType, key: key),
              let claims = try? JSONDecoder().decode(AccessTokenClaims.self, from: payload),
              claims.iss == Self.issuer else { return nil }
        let verified = VerifiedAccessToken(claims)
        cache.remember(token, verified)
        return seconds < claims.exp ? verified : nil
    }
}
