@preconcurrency import Crypto
import Foundation

/// A P-256 public key as a JSON Web Key (RFC 7517/7518), the form the reader token carries
/// the gateway's card-data key in.
public struct ECPublicJWK: Codable, Sendable, Equatable {
    public var kty: String
    public var crv: String
    /// The x coordinate, base64url of 32 bytes.
    public var x: String
    /// The y coordinate, base64url of 32 bytes.
    public var y: String
    public var kid: String?
    public var use: String?
    public var alg: String?

    /// A bare key, as in a JWE `epk`: no id, use or algorithm.
    init(x: String, y: String) {
        kty = "EC"
        crv = "P-256"
        self.x = x
        self.y = y
    }

    public init(_ key: SealingKey) {
        // x963 is 0x04 || X || Y, each coordinate 32 bytes for P-256.
        let point = key.publicKey.x963Representation
        kty = "EC"
        crv = "P-256"
        x = Base64URL.encode(point.dropFirst().prefix(32))
        y = Base64URL.encode(point.suffix(32))
        kid = key.keyId
        use = "enc"
        alg = "ECDH-ES"
    }

    /// The key this JWK describes, checked to be a point on P-256.
    public func sealingKey() throws(SealedDataError) -> SealingKey {
        guard kty == "EC", crv == "P-256", let x = Base64URL.decode(x), let y = Base64URL.decode(y),
              x.count == 32, y.count == 32 else { throw .invalidKey }
        guard let publicKey = try? P256.KeyAgreement.PublicKey(x963Representation: Data([0x04]) + x + y) else {
            throw .invalidKey
        }
        return SealingKey(keyId: kid ?? "", publicKey: publicKey)
    }
}
