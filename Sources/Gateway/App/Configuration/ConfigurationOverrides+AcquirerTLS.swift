import Foundation

extension ConfigurationOverrides {
    /// `choice` with the acquirer link's TLS files and pin (`acquirer-tls-*`) when it is `iso8583s://`. The files are read now, so that a
    /// missing or malformed one, a certificate without its key or a bad pin stops the start in
    /// one line naming the setting. TLS settings for anything but `iso8583s://` are refused,
    /// not ignored.
    func acquirerTLS(_ sources: SettingSources, choice: ProcessorChoice) throws(ConfigurationError) -> ProcessorChoice {
        let ca = sources.lookup(.acquirerTLSCA)
        let cert = sources.lookup(.acquirerTLSCert)
        let key = sources.lookup(.acquirerTLSKey)
        let pin = sources.lookup(.acquirerTLSPin)
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
