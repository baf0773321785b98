import Foundation

extension ConfigurationOverrides {
    /// The seconds one call to the token service may take, and the default.
    static let readerTokenServiceTimeouts = 1...30
    static let defaultReaderTokenServiceTimeout = 5

    /// `--reader-tokens remote`: the token service's https URL, the gateway's client
    /// certificate and key for mutual TLS, the service's certificate authority and the
    /// timeout, every file read now so a mistake stops the start in one line naming the flag.
    func remoteReaderTokens(_ environment: [String: String]) throws(ConfigurationError) -> RemoteReaderTokenSettings {
        let service = Self.setting(readerTokenService, "--reader-token-service", environment, "TAPLINE_READER_TOKEN_SERVICE")
        guard let service, !service.value.isEmpty else {
            throw .invalid("--reader-tokens remote needs --reader-token-service URL (env TAPLINE_READER_TOKEN_SERVICE): the https URL "
                + "of the provider's token service, e.g. https://tokens.psp.example/reader-tokens")
        }
        let timeout = try Self.number(
            readerTokenServiceTimeout, "--reader-token-service-timeout", environment["TAPLINE_READER_TOKEN_SERVICE_TIMEOUT"],
            "TAPLINE_READER_TOKEN_SERVICE_TIMEOUT", in: Self.readerTokenServiceTimeouts) ?? Self.defaultReaderTokenServiceTimeout
        let endpoint = try ProviderServiceEndpoint(
            url: service.value,
            clientCertificateFile: Self.setting(readerTokenServiceCert, "", environment, "TAPLINE_READER_TOKEN_SERVICE_CERT")?.value,
            clientKeyFile: Self.setting(readerTokenServiceKey, "", environment, "TAPLINE_READER_TOKEN_SERVICE_KEY")?.value,
            caFile: Self.setting(readerTokenServiceCA, "", environment, "TAPLINE_READER_TOKEN_SERVICE_CA")?.value,
            timeout: .seconds(timeout), maxResponseBytes: 16 * 1024, flag: "--reader-token-service")
        return RemoteReaderTokenSettings(endpoint: endpoint)
    }

    /// Where each remote-token setting that is given came from (flag or variable), to refuse
    /// them beside another mode.
    func remoteSettingSources(_ environment: [String: String]) -> [String] {
        [
            Self.setting(readerTokenService, "--reader-token-service", environment, "TAPLINE_READER_TOKEN_SERVICE"),
            Self.setting(readerTokenServiceCert, "--reader-token-service-cert", environment, "TAPLINE_READER_TOKEN_SERVICE_CERT"),
            Self.setting(readerTokenServiceKey, "--reader-token-service-key", environment, "TAPLINE_READER_TOKEN_SERVICE_KEY"),
            Self.setting(readerTokenServiceCA, "--reader-token-service-ca", environment, "TAPLINE_READER_TOKEN_SERVICE_CA"),
            Self.setting(
                readerTokenServiceTimeout.map(String.init), "--reader-token-service-timeout", environment, "TAPLINE_READER_TOKEN_SERVICE_TIMEOUT"),
        ].compactMap { $0?.source }
    }
}
