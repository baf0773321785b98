@preconcurrency import Crypto
import Foundation
import GatewayAPI
import Hummingbird
import NIOCore
import PaymentCore
import Processing

/// Parts of the request path as a request runs them, each beside the way it ran before, for
/// `TaplineBenchmarks` in the same run (`package`: not API). Each closure returns a number
/// the benchmark keeps, so the optimiser cannot drop the work.
package enum RequestPathBenchmarks {
    /// `AuthMiddleware`'s reading of one `Authorization` header, again and again: now (ASCII
    /// header reading, the token from the signer's cache, its expiry checked) and before
    /// (Foundation's lowercasing and trimming, the token verified in full every time).
    package static func tokenVerification() -> (now: @Sendable () -> Int, before: @Sendable () -> Int) {
        let signer = AccessTokenSigner(key: SymmetricKey(size: .bits256))
        let issued = Int64(Date().timeIntervalSince1970)
        var permissions: [String] = []
        for permission in APIPermission.defaultGrant { permissions.append(permission.rawValue) }
        let claims = AccessTokenClaims(iss: AccessTokenSigner.issuer, sub: RandomID.uuidString(), mid: RandomID.uuidString(),
                                       perms: permissions, iat: issued, exp: issued + 900, jti: RandomID.uuidString())
        let header = "Bearer " + signer.sign(claims)
        let now: @Sendable () -> Int = {
            guard let token = BearerToken.read(header), let verified = signer.verified(token, now: Date()) else { return 0 }
            return verified.permissions.count
        }
        let before: @Sendable () -> Int = {
            let prefix = "Bearer "
            guard header.count > prefix.count, header.lowercased().hasPrefix(prefix.lowercased()) else { return 0 }
            let token = String(header.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
            guard let payload = HS256JWT.verifiedPayload(token, type: AccessTokenSigner.tokenType, key: signer.key),
                  let claims = try? JSONDecoder().decode(AccessTokenClaims.self, from: payload),
                  claims.iss == AccessTokenSigner.issuer, Int64(Date().timeIntervalSince1970) < claims.exp else { return 0 }
            return Set(claims.perms).count
        }
        return (now, before)
    }

    /// `JSONCoding.decode` of a keyed sale's body: now (the check's tree compared with the
    /// encoding read back by the same reader) and before (the body and the encoding each
    /// parsed again by `JSONSerialization`). Both run today's check, whose path keeping
    /// got cheaper too, so the ratio understates the change a little.
    package static func bodyDecoding() -> (now: @Sendable () throws -> Int, before: @Sendable () throws -> Int) {
        let body = ByteBuffer(string: """
            {"amount":10000,"currency":"USD","cardDataSource":"manual","accountNumber":"4242424242424242",\
            "expirationMonth":12,"expirationYear":2030,"securityCode":"123","tipAmount":0,"referenceId":"order-1",\
            "billingAddress":{"line1":"1 Main St","city":"Springfield","postalCode":"12345","countryId":840}}
            """)
        let now: @Sendable () throws -> Int = {
            Int(try JSONCoding.decode(CardTransactionRequest.self, from: body).amount)
        }
        let before: @Sendable () throws -> Int = {
            let data = Data(buffer: body)
            var check = JSONBodyCheck(decimalFields: CardTransactionRequest.decimalFields)
            try check.check(data)
            let decoded = try JSONCoding.decoder.decode(CardTransactionRequest.self, from: data)
            guard let sent = try? JSONSerialization.jsonObject(with: Data(buffer: body), options: [.fragmentsAllowed]) else { return 0 }
            let kept = try JSONSerialization.jsonObject(with: JSONCoding.encoder.encode(decoded), options: [.fragmentsAllowed])
            return firstUnknown(sent, kept, path: []) == nil ? Int(decoded.amount) : 0
        }
        return (now, before)
    }

    /// `UnknownFields` before: over `JSONSerialization`'s objects.
    private static func firstUnknown(_ sent: Any, _ kept: Any, path: [String]) -> String? {
        switch (sent, kept) {
        case let (sent as [String: Any], kept as [String: Any]):
            for key in sent.keys.sorted() {
                guard let value = sent[key], !(value is NSNull) else { continue }
                guard let keptValue = kept[key] else { return (path + [key]).joined(separator: ".") }
                if let found = firstUnknown(value, keptValue, path: path + [key]) { return found }
            }
        case let (sent as [Any], kept as [Any]):
            for (index, (value, keptValue)) in zip(sent, kept).enumerated() {
                if let found = firstUnknown(value, keptValue, path: path + [String(index)]) { return found }
            }
        default:
            break
        }
        return nil
    }
}
