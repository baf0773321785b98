@preconcurrency import Crypto
import Foundation
import Storage

extension GatewayKeys {
    /// The fingerprints of the keys that must stay fixed for the database's data to keep
    /// matching: HMAC-SHA-256 of a fixed label under each key, hex. They reveal nothing of
    /// the keys, and a label with spaces can be neither a card number (PAN hash) nor a
    /// JWT's signing input (token signing), so a fingerprint is never a usable hash or signature.
    public func fingerprints(recordedAt: Date) -> KeyFingerprints {
        KeyFingerprints(
            tokenSigningKey: Self.fingerprint(tokenSigningKey, label: "token signing"),
            panHashKey: Self.fingerprint(panHashKey, label: "pan hash"), recordedAt: recordedAt)
    }

    private static func fingerprint(_ key: SymmetricKey, label: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data("tapline key fingerprint v1: \(label)".utf8), using: key)
        return code.map { String(format: "%02x", $0) }.joined()
    }
}
