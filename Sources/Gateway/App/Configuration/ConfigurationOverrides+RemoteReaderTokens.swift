import Foundation

extension ConfigurationOverrides {
    /// The seconds one call to the token service may take, and the default.
    static let readerTokenServiceTimeouts = 1...30
    static let defaultReaderTokenServiceTimeout = 5

    /// `--reader-tokens remote`: the token service's https URL, the gateway's client
    /// certificate and key for mutual TLS, the service's certificate authority and the
    /// timeout, every file read now so a mistake stops the start in one line naming the flag.
    func remoteReaderTokens(_ sources: SettingSources) throws(ConfigurationError) -> RemoteReaderTokenSettings {
        guard let service = sources.lookup(.readerTokenService), !service.value.isEmpty else {
            throw .invalid("--reader-tokens remote needs --reader-token-service URL (env TAPLINE_READER_TOKEN_SERVICE): the https URL "
                + "of the provider's token service, e.g. https://tokens.psp.example/reader-tokens")
        }
        let timeout = try Self.number(sources, .readerTokenServiceTimeout, in: Self.readerTokenServiceTimeouts)
            ?? Self.defaultReaderTokenServiceTimeout
        let endpoint = try ProviderServiceEndpoint(
            url: service.value, clientCertificateFile: sources[.readerTokenServiceCert], clientKeyFile: sources[.readerTokenServiceKey],
            caFile: sources[.readerTokenServiceCA], timeout: .seconds(timeout), maxResponseBytes: 16 * 1024, flag: "--reader-token-service")
        return RemoteReaderTokenSettings(endpoint: endpoint)
    }

    /// The remote-token settings given anywhere, to refuse them beside another mode.
    static let remoteReaderTokenSettings: [ServerSetting] = [
        .readerTokenService, .readerTokenServiceCert, .readerTokenServiceKey, .readerTokenServiceCA, .readerTokenServiceTimeout,
    ]
}
