import Foundation

extension ConfigurationOverrides {
    /// The processor from `--processor` or `TAPLINE_PROCESSOR`, with the acquirer link's
    /// settings when it is one. A link's settings without a link are refused, not ignored.
    func acquirerLink(_ environment: [String: String]) throws(ConfigurationError) -> ProcessorChoice {
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
        let key = try Self.zonePINKey(file: zonePINKeyFile, text: environment["TAPLINE_ZONE_PIN_KEY"])
        let institution = environment["TAPLINE_ACQUIRING_INSTITUTION_ID"]
        let macKey = try Self.macKey(file: acquirerMACKeyFile, text: environment["TAPLINE_ACQUIRER_MAC_KEY"])
        let masterKey = try Self.zoneMasterKey(file: acquirerZoneMasterKeyFile, text: environment["TAPLINE_ACQUIRER_ZONE_MASTER_KEY"])
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
        if let institution {
            guard (1...11).contains(institution.count), institution.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw .invalid("TAPLINE_ACQUIRING_INSTITUTION_ID must be 1 to 11 digits")
            }
            link.acquiringInstitutionId = institution
        }
        return .iso8583(link)
    }

    /// 32 or 48 hex digits (a double- or triple-length key), from a file or the variable.
    /// Errors never echo the key.
    private static func zonePINKey(file: String?, text: String?) throws(ConfigurationError) -> String? {
        var source = "TAPLINE_ZONE_PIN_KEY"
        var value = text
        if let file {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw .invalid("cannot read the zone PIN key file \(file)")
            }
            source = "the zone PIN key file \(file)"
            value = contents.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let value else { return nil }
        guard value.count == 32 || value.count == 48, value.allSatisfy(\.isHexDigit) else {
            throw .invalid("\(source) must be 32 or 48 hex digits (a double- or triple-length key)")
        }
        return value.uppercased()
    }

    /// 32 hex digits (a double-length key: the retail MAC has two), from a file or the
    /// variable. Errors never echo the key.
    private static func macKey(file: String?, text: String?) throws(ConfigurationError) -> String? {
        var source = "TAPLINE_ACQUIRER_MAC_KEY"
        var value = text
        if let file {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw .invalid("cannot read the acquirer MAC key file \(file) (--acquirer-mac-key-file)")
            }
            source = "the acquirer MAC key file \(file) (--acquirer-mac-key-file)"
            value = contents.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let value else { return nil }
        guard value.count == 32, value.allSatisfy(\.isHexDigit) else {
            throw .invalid("\(source) must be 32 hex digits (a double-length key: the retail MAC has two keys)")
        }
        return value.uppercased()
    }

    /// 32 or 48 hex digits, from a file or the variable. Errors never echo the key.
    private static func zoneMasterKey(file: String?, text: String?) throws(ConfigurationError) -> String? {
        var source = "TAPLINE_ACQUIRER_ZONE_MASTER_KEY"
        var value = text
        if let file {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw .invalid("cannot read the zone master key file \(file) (--acquirer-zone-master-key-file)")
            }
            source = "the zone master key file \(file) (--acquirer-zone-master-key-file)"
            value = contents.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let value else { return nil }
        guard value.count == 32 || value.count == 48, value.allSatisfy(\.isHexDigit) else {
            throw .invalid("\(source) must be 32 or 48 hex digits (a double- or triple-length key)")
        }
        return value.uppercased()
    }
}
