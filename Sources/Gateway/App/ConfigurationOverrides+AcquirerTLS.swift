import CardData
import Foundation

extension ConfigurationOverrides {
    /// `choice` with the acquirer link's TLS files and pin (`--acquirer-tls-*` or
    /// `TAPLINE_ACQUIRER_TLS_*`) when it is `iso8583s://`. The files are read now, so that a
    /// missing or malformed one, a certificate without its key or a bad pin stops the start in
    /// one line naming the setting. TLS settings for anything but `iso8583s://` are refused,
    /// not ignored.
    func acquirerTLS(_ environment: [String: String], choice: ProcessorChoice) throws(ConfigurationError) -> ProcessorChoice {
        let setting = { (flag: String?, flagName: String, variable: String) in Self.setting(flag, flagName, environment, variable) }
        let ca = setting(acquirerTLSCA, "--acquirer-tls-ca", "TAPLINE_ACQUIRER_TLS_CA")
        let cert = setting(acquirerTLSCert, "--acquirer-tls-cert", "TAPLINE_ACQUIRER_TLS_CERT")
        let key = setting(acquirerTLSKey, "--acquirer-tls-key", "TAPLINE_ACQUIRER_TLS_KEY")
        let pin = setting(acquirerTLSPin, "--acquirer-tls-pin", "TAPLINE_ACQUIRER_TLS_PIN")
        guard case .iso8583(var link) = choice, link.tls != nil else {
            if let stray = [ca, cert, key, pin].compactMap({ $0 }).first {
                throw .invalid("\(stray.source) needs TLS on the acquirer link: use --processor iso8583s://host:port, or remove \(stray.source)")
            }
            return choice
        }
        var tls = AcquirerTLSSettings(caFile: ca?.value, certificateFile: cert?.value, keyFile: key?.value)
        if let pin {
            guard let digest = Self.fingerprint(pin.value) else {
                throw .invalid("\(pin.source) must be the SHA-256 fingerprint of the acquirer host's certificate: 64 hex digits, "
                    + "colons allowed, as `openssl x509 -noout -fingerprint -sha256 -in host.pem` prints")
            }
            tls.pinnedCertificateSHA256 = digest
        }
        do {
            _ = try tls.makeContext()
        } catch {
            let source = switch error.file {
            case .ca: ca?.source
            case .certificate: cert?.source
            case .key: key?.source
            }
            throw .invalid("\(source ?? "--acquirer-tls-cert") \(error.path) \(error.problem): "
                + "give \(Self.expected(error.file)), or remove the setting")
        }
        link.tls = tls
        return .iso8583(link)
    }

    /// 32 bytes from 64 hex digits, with or without colons between the pairs.
    private static func fingerprint(_ text: String) -> [UInt8]? {
        let hex = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "")
        guard hex.count == 64, hex.allSatisfy(\.isHexDigit), let bytes = Hex.bytes(hex) else { return nil }
        return bytes
    }

    private static func expected(_ file: AcquirerTLSFileError.File) -> String {
        switch file {
        case .ca: return "the PEM certificates of the authority that issued the acquirer host's certificate"
        case .certificate: return "the gateway's client certificate chain in PEM with its key (both or neither)"
        case .key: return "the PEM private key of the client certificate (both or neither)"
        }
    }
}
