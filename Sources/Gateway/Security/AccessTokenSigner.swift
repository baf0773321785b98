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

/// Signs and verifies access tokens as compact JWTs with HS256.
///
/// Only HS256 with our own key is accepted: the header's `alg` is checked, so a token
/// claiming `none` or another algorithm is refused rather than interpreted.
struct AccessTokenSigner: Sendable {
    static let issuer = "tapline"
    let key: SymmetricKey

    func sign(_ claims: AccessTokenClaims) -> String {
        let header = Base64URL.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let payload = Base64URL.encode((try? encoder.encode(claims)) ?? Data())
        let signingInput = header + "." + payload
        let signature = HMAC<SHA256>.authenticationCode(for: Data(signingInput.utf8), using: key)
        return signingInput + "." + Base64URL.encode(Data(signature))
    }

    /// The claims of a genuine, unexpired token; nil for anything else.
    func verify(_ token: String, now: Date) -> AccessTokenClaims? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let headerData = Base64URL.decode(String(parts[0])),
              let header = try? JSONDecoder().decode([String: String].self, from: headerData),
              header["alg"] == "HS256",
              let signature = Base64URL.decode(String(parts[2])) else { return nil }
        let signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: key),
              let payload = Base64URL.decode(String(parts[1])),
              let claims = try? JSONDecoder().decode(AccessTokenClaims.self, from: payload),
              claims.iss == Self.issuer,
              Int64(now.timeIntervalSince1970) < claims.exp else { return nil }
        return claims
    }
}

/// Base64url without padding (RFC 7515).
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64)
    }
}
