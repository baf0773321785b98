import CardData
@preconcurrency import Crypto
import Foundation

/// Compact JWTs signed with HS256 under the gateway's token-signing key. The header's
/// `typ` tells token kinds apart: a token is only ever accepted as the kind it was issued as.
enum HS256JWT {
    /// Signs `claims` (sorted keys, stable bytes) under a header naming `type`.
    static func sign(_ claims: some Encodable, type: String, key: SymmetricKey) -> String {
        let header = Base64URL.encode(Data(#"{"alg":"HS256","typ":"\#(type)"}"#.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let payload = Base64URL.encode((try? encoder.encode(claims)) ?? Data())
        let signingInput = header + "." + payload
        let signature = HMAC<SHA256>.authenticationCode(for: Data(signingInput.utf8), using: key)
        return signingInput + "." + Base64URL.encode(Data(signature))
    }

    /// The payload of a token signed with `key` whose header says exactly `alg: HS256` and
    /// `typ: type`; nil for anything else. Checking `alg` refuses `none` and every other
    /// algorithm rather than interpreting them.
    static func verifiedPayload(_ token: String, type: String, key: SymmetricKey) -> Data? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let headerData = Base64URL.decode(parts[0]),
              let header = try? JSONDecoder().decode([String: String].self, from: headerData),
              header["alg"] == "HS256", header["typ"] == type,
              let signature = Base64URL.decode(parts[2]) else { return nil }
        let signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: key) else { return nil }
        return Base64URL.decode(parts[1])
    }
}
