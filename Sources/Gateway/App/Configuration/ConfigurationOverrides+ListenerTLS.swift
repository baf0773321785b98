extension ConfigurationOverrides {
    /// TLS on the API listener when `tls-certificate` is given, with its key and optional client
    /// CA. The files are read now, so that a missing or unusable one stops the start with one
    /// line naming it and where it was set.
    static func listenerTLS(_ sources: SettingSources) throws(ConfigurationError) -> ListenerTLSSettings? {
        let certificate = sources.lookup(.tlsCertificate)
        let key = sources.lookup(.tlsKey)
        let clientCA = sources.lookup(.tlsClientCA)
        guard let certificate else {
            if let orphan = key ?? clientCA {
                throw .invalid("\(orphan.source) needs \(ServerSetting.tlsCertificate.flag) (the certificate the API serves)")
            }
            return nil
        }
        guard let key else {
            throw .invalid("\(certificate.source) needs \(ServerSetting.tlsKey.flag) (its private key)")
        }
        let settings = ListenerTLSSettings(certificateFile: certificate.value, keyFile: key.value, clientCAFile: clientCA?.value)
        do {
            _ = try ServingCertificate(settings)
        } catch {
            let source = switch error.file {
            case .certificate: certificate.source
            case .key: key.source
            case .clientCA: clientCA?.source ?? ServerSetting.tlsClientCA.flag
            }
            throw .invalid("\(source): \(error.path) \(error.problem)")
        }
        return settings
    }
}
