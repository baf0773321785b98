import Foundation

extension ConfigurationOverrides {
    /// The processor from `processor` (flag, environment or file), with the acquirer link's
    /// settings when it is one. A link's settings without a link are refused, not ignored.
    func acquirerLink(_ sources: SettingSources) throws(ConfigurationError) -> ProcessorChoice {
        if let file = sources.lookup(.acquirers) {
            if let stray = sources.firstGiven(Self.singleLinkSettings) {
                throw .invalid("\(stray.source) is a setting of the single acquirer link; with \(file.source) each link's settings are "
                    + "in the acquirers file: remove \(stray.source)")
            }
            return .acquirers(try AcquirerNetworkFile.read(path: file.value))
        }
        let parsed = try sources.lookup(.processor)
            .map { (given) throws(ConfigurationError) in try ProcessorChoice.parse(given.value, source: given.source) } ?? .simulator
        let choice = try acquirerTLS(sources, choice: parsed)
        let connections = try Self.number(sources, .acquirerConnections, in: 1...16)
        // Schemes want an answer within 15 to 25 s; a minute is the most a cardholder waits.
        let responseTimeout = try Self.number(sources, .acquirerResponseTimeout, in: 5...60)
        let echoInterval = try Self.number(sources, .acquirerEchoInterval, in: 10...600)
        let key = try AcquirerKeyText.zonePIN.read(file: sources.lookup(.zonePINKeyFile), text: sources.lookup(.zonePINKey))
        let institution = sources.lookup(.acquiringInstitutionId)
        let macKey = try AcquirerKeyText.mac.read(file: sources.lookup(.acquirerMACKeyFile), text: sources.lookup(.acquirerMACKey))
        let masterKey = try AcquirerKeyText.zoneMaster.read(
            file: sources.lookup(.acquirerZoneMasterKeyFile), text: sources.lookup(.acquirerZoneMasterKey))
        // Keys are changed at most each minute and at least daily.
        let keyExchange = sources.lookup(.acquirerKeyExchangeInterval)
        let keyExchangeInterval = try Self.number(sources, .acquirerKeyExchangeInterval, in: 60...86_400)
        guard case .iso8583(var link) = choice else {
            if let stray = sources.firstGiven(Self.linkOnlySettings) {
                throw .invalid("\(stray.source) is a setting of the acquirer link: it needs --processor iso8583://host:port, or remove it")
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
        try link.checkKeyExchange(source: keyExchange?.source ?? ServerSetting.acquirerKeyExchangeInterval.flag)
        link.acquiringInstitutionId = try institution.map { (given) throws(ConfigurationError) in
            try AcquirerLinkSettings.institution(given.value, source: given.source)
        }
        return .iso8583(link)
    }

    /// The settings that mean something only with the acquirer link.
    static let linkOnlySettings: [ServerSetting] = [
        .acquirerConnections, .acquirerResponseTimeout, .acquirerEchoInterval, .zonePINKeyFile, .zonePINKey, .acquiringInstitutionId,
        .acquirerMACKeyFile, .acquirerMACKey, .acquirerZoneMasterKeyFile, .acquirerZoneMasterKey, .acquirerKeyExchangeInterval,
    ]

    /// With an acquirers file, each link's settings are in that file: the single link's would
    /// be ignored, so they are refused.
    static let singleLinkSettings: [ServerSetting] = [.processor, .acquirerTLSCA, .acquirerTLSCert, .acquirerTLSKey, .acquirerTLSPin]
        + linkOnlySettings
}
