import Crypto
import Foundation

/// Keyed hash of a PAN (HMAC-SHA256, lowercase hex), so payments made with one card can be
/// found again without storing the card number.
///
/// A plain SHA-256 of a PAN can be reversed by trying every number in a BIN range; the
/// secret key is what makes the stored hash useless without it.
public struct PANHasher: Sendable {
    // Kept as bytes rather than a `SymmetricKey` because the pinned swift-crypto's key
    // type is not `Sendable`.
    private let keyBytes: [UInt8]

    public init(key: SymmetricKey) {
        keyBytes = key.withUnsafeBytes { Array($0) }
    }

    public init(key: Data) {
        keyBytes = Array(key)
    }

    /// The hash of `pan`, after dropping spaces and dashes so "4242 4242 …" and
    /// "42424242…" hash alike.
    public func hash(_ pan: some StringProtocol) -> String {
        let digits = String(pan).filter { $0 != " " && $0 != "-" }
        let code = HMAC<SHA256>.authenticationCode(for: Data(digits.utf8), using: SymmetricKey(data: keyBytes))
        return code.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
