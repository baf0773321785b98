import CardData
import Foundation
import GatewayAPI

/// A compact JWS as an integrator's backend sends it, split and decoded but not yet trusted.
struct IntegratorTokenParts: Sendable {
    struct Header: Decodable, Sendable {
        var alg: String
        var kid: String?
        /// Extensions the signer says must be understood; Tapline understands none (RFC 7515 §4.1.11).
        var crit: [String]?
    }

    /// The registered claims Tapline checks; the merchant user's claim is read from ``claims``.
    struct Registered: Decodable, Sendable {
        var iss: String?
        var aud: Audience?
        var exp: Double?
        var nbf: Double?
        var iat: Double?
    }

    /// `aud`: one string or an array of them (RFC 7519 §4.1.3).
    enum Audience: Decodable, Sendable {
        case one(String)
        case many([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) { self = .one(one) } else { self = .many(try container.decode([String].self)) }
        }

        func contains(_ audience: String) -> Bool {
            switch self {
            case .one(let value): return value == audience
            case .many(let values): return values.contains(audience)
            }
        }
    }

    let header: Header
    let registered: Registered
    let claims: [String: JSONValue]
    /// `header.payload`, the bytes the signature covers.
    let signingInput: Data
    let signature: Data

    /// The parts of `token`; nil when it is not a compact JWS with JSON header and claims.
    init?(_ token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]),
              let header = try? JSONDecoder().decode(Header.self, from: headerData),
              let registered = try? JSONDecoder().decode(Registered.self, from: payload),
              let claims = try? JSONDecoder().decode([String: JSONValue].self, from: payload) else { return nil }
        self.header = header
        self.registered = registered
        self.claims = claims
        self.signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        self.signature = signature
    }
}
