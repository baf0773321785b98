@testable import CardData
@preconcurrency import Crypto
import Foundation
import Testing

/// Keys and bytes in the forms the Python peers and the vector file use. Test-only, so that
/// Tapline itself never exports a private key.
enum TestJWK {
    /// The key pair as a JWK with `d`, from the private key's raw scalar.
    static func privateJSON(_ key: OpeningKey) -> String {
        let jwk = ECPublicJWK(key.sealingKey)
        let d = Base64URL.encode(key.privateKey.rawRepresentation)
        return #"{"kty":"EC","crv":"P-256","x":"\#(jwk.x)","y":"\#(jwk.y)","d":"\#(d)","kid":"\#(key.keyId)"}"#
    }

    /// The public key as a JWK, as readers are given it.
    static func publicJSON(_ key: SealingKey) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try! encoder.encode(ECPublicJWK(key)), as: UTF8.self)
    }

    /// A private key from the `d` of a JWK.
    static func privateKey(d: String) throws -> P256.KeyAgreement.PrivateKey {
        try P256.KeyAgreement.PrivateKey(rawRepresentation: #require(Base64URL.decode(d)))
    }

    static func bytes(hex: String) -> Data {
        var data = Data()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            data.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return data
    }

    static func hex(_ data: Data) -> String {
        data.map { String(format: "%02x", $0) }.joined()
    }
}
