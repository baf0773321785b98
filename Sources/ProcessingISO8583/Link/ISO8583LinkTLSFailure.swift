import NIOSSL

/// Why TLS with the host failed, in words an operator acts on. It names what was wrong
/// (the host's certificate, the pin, the client certificate) and quotes the TLS library's
/// error code, which never holds key material.
struct ISO8583LinkTLSFailure: Error, CustomStringConvertible {
    let reason: String

    init(reason: String) {
        self.reason = reason
    }

    init(_ error: any Error) {
        reason = Self.describe(error)
    }

    /// An error that ended the session after the handshake, before the host's first answer.
    init(afterHandshake error: any Error) {
        let described = Self.describe(error)
        reason = described != "\(error)" ? described
            : "the host ended the TLS session before its first answer, as one does that requires a client certificate "
                + "the gateway did not send or that it does not accept (\(error))"
    }

    var description: String { reason }

    /// A plain reason for a TLS error from swift-nio-ssl (or any other error, as it is).
    static func describe(_ error: any Error) -> String {
        if let failure = error as? ISO8583LinkTLSFailure { return failure.reason }
        let raw = "\(error)"
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return "the host's certificate is not for the name in the processor URL (\(raw))"
        }
        // BoringSSL's reason codes, as they appear in its error stack.
        let known: [(code: String, reason: String)] = [
            ("CERTIFICATE_VERIFY_FAILED", "the host's certificate is not trusted: it does not chain to the acquirer CA file (or the system roots), or it expired"),
            ("CERTIFICATE_REQUIRED", "the host requires a client certificate, and none was sent: configure the acquirer client certificate and key"),
            ("ALERT_HANDSHAKE_FAILURE", "the host refused the handshake: it may require a client certificate, or share no protocol version or cipher with the gateway"),
            ("ALERT_UNKNOWN_CA", "the host does not trust the gateway's client certificate (unknown CA)"),
            ("ALERT_BAD_CERTIFICATE", "the host refused the gateway's client certificate"),
            ("ALERT_CERTIFICATE_EXPIRED", "the host refused the gateway's client certificate as expired"),
            ("WRONG_VERSION_NUMBER", "the host does not speak TLS on this port: is it a plain iso8583:// host?"),
        ]
        for entry in known where raw.contains(entry.code) {
            return "\(entry.reason) (\(raw))"
        }
        return raw
    }

    /// Lowercase hex of `bytes`, for a certificate's fingerprint.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count < 2 ? "0" + digits : digits
        }.joined()
    }
}
