import CardData
import Foundation

extension AcquirerTLSSettings {
    /// The TLS settings of one link from its files and pin, read now, so that a missing or
    /// malformed file, a certificate without its key or a bad pin stops the start in one line
    /// naming the setting.
    static func checked(ca: SettingValue?, certificate: SettingValue?, key: SettingValue?,
                        pin: SettingValue?) throws(ConfigurationError) -> AcquirerTLSSettings {
        var tls = AcquirerTLSSettings(caFile: ca?.value, certificateFile: certificate?.value, keyFile: key?.value)
        if let pin {
            guard let digest = fingerprint(pin.value) else {
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
            case .certificate: certificate?.source
            case .key: key?.source
            }
            throw .invalid("\(source ?? certificate?.source ?? "the client certificate") \(error.path) \(error.problem): "
                + "give \(expected(error.file)), or remove the setting")
        }
        return tls
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
