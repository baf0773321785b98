import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA-1
/// (RFC 4226's HOTP) over the count of 30-second steps since 1970, truncated to six digits.
struct TOTP: Sendable {
    /// The shared secret: 20 random bytes (160 bits, RFC 4226's recommendation).
    let secret: Data
    var digits = 6
    var period: TimeInterval = 30

    /// A new random secret.
    static func generate() -> TOTP {
        TOTP(secret: Data(SymmetricKey(size: SymmetricKeySize(bitCount: 160)).withUnsafeBytes { Array($0) }))
    }

    /// The time step a moment falls in.
    func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / period).rounded(.down))
    }

    /// The code of one time step (RFC 4226 section 5.3: dynamic truncation).
    func code(step: Int64) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary = (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: digits - value.count) + value
    }

    func code(at date: Date) -> String { code(step: step(at: date)) }

    /// The step `code` was made for, when it is the code of the current step or of one step
    /// before or after (a clock off by up to 30 s), and later than `after` (a code is used
    /// once); nil otherwise.
    func matchingStep(of code: String, at date: Date, after used: Int64?) -> Int64? {
        guard code.count == digits, code.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let now = step(at: date)
        for candidate in [now - 1, now, now + 1] where candidate > (used ?? .min) {
            if Self.same(self.code(step: candidate), code) { return candidate }
        }
        return nil
    }

    /// Compares without stopping at the first difference.
    private static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The secret in base32 (RFC 4648, no padding), as authenticator apps take it typed.
    var base32: String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var (output, buffer, bits) = ("", 0, 0)
        for byte in secret {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return output
    }

    /// A base32 secret read back; nil when it is not base32.
    init?(base32 text: String) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var (bytes, buffer, bits) = ([UInt8](), 0, 0)
        for character in text.uppercased() where character != "=" {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = ((buffer << 5) | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        guard !bytes.isEmpty else { return nil }
        self.init(secret: Data(bytes))
    }

    init(secret: Data) {
        self.secret = secret
    }

    /// The `otpauth://` URI authenticator apps read (Google Authenticator's key URI format).
    func uri(account: String, issuer: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~@"))
        let label = "\(issuer):\(account)".addingPercentEncoding(withAllowedCharacters: allowed) ?? account
        let issued = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? issuer
        return "otpauth://totp/\(label)?secret=\(base32)&issuer=\(issued)&algorithm=SHA1&digits=\(digits)&period=\(Int(period))"
    }
}
