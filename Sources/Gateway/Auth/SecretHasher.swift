import CardData
@preconcurrency import Crypto
import Foundation

/// Hashes client secrets and refresh tokens for storage.
///
/// Both are 256-bit random values made by the gateway, not human passwords, so a salted
/// HMAC-SHA256 is enough: guessing is infeasible and a slow KDF would only slow logins.
enum SecretHasher {
    /// "hmac-sha256$<salt hex>$<hash hex>".
    static func hash(secret: String) -> String {
        let salt = SymmetricKey(size: .bits128)
        let saltHex = salt.withUnsafeBytes { Data($0).hexString }
        return "hmac-sha256$\(saltHex)$\(mac(secret, salt: salt).hexString)"
    }

    /// Compares in constant time.
    static func verify(secret: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$")
        guard parts.count == 3, parts[0] == "hmac-sha256", let salt = Data(hexString: String(parts[1])),
              let expected = Data(hexString: String(parts[2])) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(expected, authenticating: Data(secret.utf8), using: SymmetricKey(data: salt))
    }

    /// Unsalted SHA-256 hex, for look-up by token (refresh tokens are found by their hash).
    static func lookupHash(_ token: String) -> String {
        Data(SHA256.hash(data: Data(token.utf8))).hexString
    }

    /// A new random secret, base64url, 256 bits.
    static func randomSecret() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Base64URL.encode(Data($0)) }
    }

    /// A new API client secret: ``randomSecret()`` behind `tls_`, so it never starts with
    /// "-", which a command line (`tapline demo --client-secret …`) would take for an option.
    static func newClientSecret() -> String {
        "tls_" + randomSecret()
    }

    private static func mac(_ secret: String, salt: SymmetricKey) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(secret.utf8), using: salt))
    }
}

extension Data {
    /// Lowercase hex, two digits a byte. Spelled out rather than `String(format:)` per byte,
    /// which was 7 % of a tap sale's CPU (the request hash of every keyed request).
    var hexString: String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: count * 2) { text in
            var position = 0
            for byte in self {
                text[position] = digits.utf8Start[Int(byte >> 4)]
                text[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
                position += 2
            }
            return position
        }
    }

    init?(hexString: String) {
        guard hexString.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = hexString.startIndex
        while index < hexString.endIndex {
            let next = hexString.index(index, offsetBy: 2)
            guard let byte = UInt8(hexString[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.init(bytes)
    }
}
