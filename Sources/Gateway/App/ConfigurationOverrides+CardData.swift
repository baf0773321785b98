extension ConfigurationOverrides {
    /// The seconds a decryption-service exchange may take, when not given.
    static let cardDataServiceDefaultTimeout = 5

    /// The card-data mode from `--card-data` or `TAPLINE_CARD_DATA`, with the decryption
    /// service's endpoint when it is `remote`, its TLS files read now so a mistake stops the
    /// start, not the first tap. `pass-through` needs the acquirer link (`processor`): the
    /// simulator cannot open card data. Each refusal is one line naming the setting and the fix.
    func cardDataMode(_ environment: [String: String], processor: ProcessorChoice) throws(ConfigurationError) -> CardDataMode {
        let setting = { (flag: String?, flagName: String, variable: String) in Self.setting(flag, flagName, environment, variable) }
        let mode = setting(cardData, "--card-data", "TAPLINE_CARD_DATA")
        let service = setting(cardDataService, "--card-data-service", "TAPLINE_CARD_DATA_SERVICE")
        let cert = setting(cardDataServiceCert, "--card-data-service-cert", "TAPLINE_CARD_DATA_SERVICE_CERT")
        let key = setting(cardDataServiceKey, "--card-data-service-key", "TAPLINE_CARD_DATA_SERVICE_KEY")
        let ca = setting(cardDataServiceCA, "--card-data-service-ca", "TAPLINE_CARD_DATA_SERVICE_CA")
        let timeout = setting(cardDataServiceTimeout.map(String.init), "--card-data-service-timeout", "TAPLINE_CARD_DATA_SERVICE_TIMEOUT")
        switch mode?.value ?? "tapline" {
        case let local where local == "tapline" || local == "pass-through":
            if let stray = [service, cert, key, ca, timeout].compactMap({ $0 }).first {
                throw .invalid("\(stray.source) applies only to --card-data remote: add --card-data remote, or remove \(stray.source)")
            }
            guard local == "pass-through" else { return .tapline }
            guard case .iso8583 = processor else {
                throw .invalid("\(mode?.source ?? "--card-data") pass-through sends card data unopened to an acquirer that decrypts it: "
                    + "add --processor iso8583://host:port, or use --card-data tapline with the simulator")
            }
            return .passThrough
        case "remote":
            guard let service, !service.value.isEmpty else {
                throw .invalid("--card-data remote needs --card-data-service URL (env TAPLINE_CARD_DATA_SERVICE): the https URL of the "
                    + "provider's decryption service (to try one: python3 samples/decryption_service.py)")
            }
            var seconds = Self.cardDataServiceDefaultTimeout
            if let timeout {
                guard let value = Int(timeout.value), (1...60).contains(value) else {
                    throw .invalid("\(timeout.source) must be whole seconds from 1 to 60, not '\(timeout.value)'")
                }
                seconds = value
            }
            return .remote(try ProviderServiceEndpoint(
                url: service.value, clientCertificateFile: cert?.value, clientKeyFile: key?.value, caFile: ca?.value,
                timeout: .seconds(seconds), flag: "--card-data-service"))
        case let other:
            throw .invalid("\(mode?.source ?? "--card-data") must be tapline, remote or pass-through, not '\(other)'")
        }
    }
}
