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
        link.tls = try AcquirerTLSSettings.checked(ca: ca, certificate: cert, key: key, pin: pin)
        return .iso8583(link)
    }
}
