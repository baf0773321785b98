@preconcurrency import Crypto
import Foundation

/// Signs and verifies the `Tapline-Signature` header of a webhook: `t=<unix seconds>,v1=<hex>`,
/// where the hex is HMAC-SHA256 of `"<t>.<body>"` keyed with the endpoint's secret (its UTF-8
/// bytes, `whsec_` prefix included). The gateway signs with it; a merchant's server verifies
/// with it (through `TaplineWebhooks` in the SDK), so both sides run this one implementation.
///
/// A header may carry several `v1=` entries (one per secret while a secret is being rotated);
/// it verifies when any of them matches.
public enum WebhookSignature {
    /// The header that carries the signature.
    public static let headerName = "Tapline-Signature"
    /// How far the signed time may be from the receiver's clock, either way, by default.
    public static let defaultTolerance: TimeInterval = 300

    /// The header value for `payload` signed with `secret` at `timestamp` (whole seconds).
    public static func sign(payload: Data, secret: String, timestamp: Date) -> String {
        let seconds = Int64(timestamp.timeIntervalSince1970.rounded(.down))
        return "t=\(seconds),v1=\(hexSignature(payload: payload, secret: secret, seconds: seconds))"
    }

    /// Checks `header` against `payload` and `secret`: the timestamp must be within
    /// `tolerance` seconds of `now` (replays of old deliveries fail) and one `v1` must match.
    /// Throws a ``WebhookSignatureError`` saying what is wrong.
    public static func verify(
        payload: Data, header: String, secret: String, now: Date = Date(), tolerance: TimeInterval = defaultTolerance
    ) throws {
        try verify(payload: payload, header: header, secrets: [secret], now: now, tolerance: tolerance)
    }

    /// As ``verify(payload:header:secret:now:tolerance:)``, accepting any of `secrets`, for a
    /// receiver that rotates its secret and accepts the old one for a while.
    public static func verify(
        payload: Data, header: String, secrets: [String], now: Date = Date(), tolerance: TimeInterval = defaultTolerance
    ) throws {
        let parsed = try WebhookSignatureHeader(parsing: header)
        guard !parsed.signatures.isEmpty else { throw WebhookSignatureError.noSignature }
        let age = now.timeIntervalSince1970 - Double(parsed.timestamp)
        guard abs(age) <= tolerance else {
            throw WebhookSignatureError.timestampOutsideTolerance(timestamp: parsed.timestamp, tolerance: tolerance)
        }
        let signed = signedContent(payload: payload, seconds: parsed.timestamp)
        for secret in secrets {
            let key = SymmetricKey(data: Data(secret.utf8))
            for candidate in parsed.signatures
            // The comparison inside is constant-time, so timing tells an attacker nothing.
            where HMAC<SHA256>.isValidAuthenticationCode(candidate, authenticating: signed, using: key) {
                return
            }
        }
        throw WebhookSignatureError.signatureMismatch
    }

    static func hexSignature(payload: Data, secret: String, seconds: Int64) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: signedContent(payload: payload, seconds: seconds), using: SymmetricKey(data: Data(secret.utf8)))
        return mac.map { String(format: "%02x", $0) }.joined()
    }

    private static func signedContent(payload: Data, seconds: Int64) -> Data {
        Data("\(seconds).".utf8) + payload
    }
}
