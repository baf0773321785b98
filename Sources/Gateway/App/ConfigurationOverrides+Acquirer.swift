import Foundation

extension ConfigurationOverrides {
    /// The processor from `--processor` or `TAPLINE_PROCESSOR`, with the acquirer link's
    /// settings when it is one. A link's settings without a link are refused, not ignored.
    func acquirerLink(_ environment: [String: String]) throws(ConfigurationError) -> ProcessorChoice {
        if let file = Self.setting(acquirersFile, "--acquirers", environment, "TAPLINE_ACQUIRERS_FILE") {
            try refuseSingleLinkSettings(environment, besides: file.source)
            return .acquirers(try AcquirerNetworkFile.read(path: file.value))
        }
        let parsed = try (processor.map { ($0, "--processor") } ?? environment["TAPLINE_PROCESSOR"].map { ($0, "TAPLINE_PROCESSOR") })
            .map { (text, source) throws(ConfigurationError) in try ProcessorChoice.parse(text, source: source) } ?? .simulator
        let choice = try acquirerTLS(environment, choice: parsed)
        let connections = try Self.number(
            acquirerConnections, "--acquirer-connections", environment["TAPLINE_ACQUIRER_CONNECTIONS"], "TAPLINE_ACQUIRER_CONNECTIONS", in: 1...16)
        // Schemes want an answer within 15 to 25 s; a minute is the most a cardholder waits.
        let responseTimeout = try Self.number(
            acquirerResponseTimeout, "--acquirer-response-timeout", environment["TAPLINE_ACQUIRER_RESPONSE_TIMEOUT"],
            "TAPLINE_ACQUIRER_RESPONSE_TIMEOUT", in: 5...60)
        let echoInterval = try Self.number(
            acquirerEchoInterval, "--acquirer-echo-interval", environment["TAPLINE_ACQUIRER_ECHO_INTERVAL"],
            "TAPLINE_ACQUIRER_ECHO_INTERVAL", in: 10...600)
        let key = try AcquirerKeyText.zonePIN.read(
            file: zonePINKeyFile, fileSource: "--zone-pin-key-file", text: environment["TAPLINE_ZONE_PIN_KEY"], textSource: "TAPLINE_ZONE_PIN_KEY")
        let institution = environment["TAPLINE_ACQUIRING_INSTITUTION_ID"]
        let macKey = try AcquirerKeyText.mac.read(
            file: acquirerMACKeyFile, fileSource: "--acquirer-mac-key-file",
            text: environment["TAPLINE_ACQUIRER_MAC_KEY"], textSource: "TAPLINE_ACQUIRER_MAC_KEY")
        let masterKey = try AcquirerKeyText.zoneMaster.read(
            file: acquirerZoneMasterKeyFile, fileSource: "--acquirer-zone-master-key-file",
            text: environment["TAPLINE_ACQUIRER_ZONE_MASTER_KEY"], textSource: "TAPLINE_ACQUIRER_ZONE_MASTER_KEY")
        // Keys are changed at most each minute and at least daily.
        let keyExchangeInterval = try Self.number(
            acquirerKeyExchangeInterval, "--acquirer-key-exchange-interval", environment["TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL"],
            "TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL", in: 60...86_400)
        guard case .iso8583(var link) = choice else {
            if connections != nil || responseTimeout != nil || echoInterval != nil || key != nil || institution != nil || macKey != nil || masterKey != nil
                || keyExchangeInterval != nil {
                throw .invalid("the acquirer settings (connections, response timeout, echo interval, zone PIN key, acquiring institution id, MAC key, zone master key, key exchange interval) need --processor iso8583://host:port")
            }
            return choice
        }
        link.connections = connections ?? link.connections
        link.responseTimeout = responseTimeout.map { .seconds($0) } ?? link.responseTimeout
        link.echoInterval = echoInterval.map { .seconds($0) } ?? link.echoInterval
        link.zonePINKeyHex = key
        link.macKeyHex = macKey
        link.zoneMasterKeyHex = masterKey
        link.keyExchangeInterval = keyExchangeInterval.map { .seconds($0) }
        try link.checkKeyExchange(
            source: acquirerKeyExchangeInterval != nil ? "--acquirer-key-exchange-interval" : "TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL")
        link.acquiringInstitutionId = try institution.map { text throws(ConfigurationError) in
            try AcquirerLinkSettings.institution(text, source: "TAPLINE_ACQUIRING_INSTITUTION_ID")
        }
        return .iso8583(link)
    }

    /// With an acquirers file, each link's settings are in the file: a flag or variable of the
    /// single link would be ignored, so it is refused.
    private func refuseSingleLinkSettings(_ environment: [String: String], besides source: String) throws(ConfigurationError) {
        let flags: [(Bool, String)] = [
            (processor != nil, "--processor"), (acquirerConnections != nil, "--acquirer-connections"),
            (acquirerResponseTimeout != nil, "--acquirer-response-timeout"), (acquirerEchoInterval != nil, "--acquirer-echo-interval"),
            (acquirerTLSCA != nil, "--acquirer-tls-ca"), (acquirerTLSCert != nil, "--acquirer-tls-cert"),
            (acquirerTLSKey != nil, "--acquirer-tls-key"), (acquirerTLSPin != nil, "--acquirer-tls-pin"),
            (zonePINKeyFile != nil, "--zone-pin-key-file"), (acquirerMACKeyFile != nil, "--acquirer-mac-key-file"),
            (acquirerZoneMasterKeyFile != nil, "--acquirer-zone-master-key-file"),
            (acquirerKeyExchangeInterval != nil, "--acquirer-key-exchange-interval"),
        ]
        let variables = [
            "TAPLINE_PROCESSOR", "TAPLINE_ACQUIRER_CONNECTIONS", "TAPLINE_ACQUIRER_RESPONSE_TIMEOUT", "TAPLINE_ACQUIRER_ECHO_INTERVAL",
            "TAPLINE_ACQUIRER_TLS_CA", "TAPLINE_ACQUIRER_TLS_CERT", "TAPLINE_ACQUIRER_TLS_KEY", "TAPLINE_ACQUIRER_TLS_PIN",
            "TAPLINE_ZONE_PIN_KEY", "TAPLINE_ACQUIRER_MAC_KEY", "TAPLINE_ACQUIRER_ZONE_MASTER_KEY", "TAPLINE_ACQUIRING_INSTITUTION_ID",
            "TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL",
        ]
        if let stray = flags.first(where: \.0)?.1 ?? variables.first(where: { environment[$0] != nil }) {
            throw .invalid("\(stray) is a setting of the single acquirer link; with \(source) each link's settings are in the acquirers file: remove \(stray)")
        }
    }
}
