import Foundation
import Processing
import TOMLKit

/// One `[link.NAME]` table of the acquirers file: the same settings as the flags of a single
/// link, with the same limits (docs/iso8583.md "Several acquirers" lists them), plus the
/// link's failover and the merchants assigned to it.
enum AcquirerLinkTable {
    static func read(_ table: TOMLTable?, name: String, path: String) throws(ConfigurationError)
        -> (link: NamedAcquirerLinkSettings, merchants: [String]) {
        let place = "the acquirers file \(path), [link.\(name)]"
        guard name.count <= 32, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw .invalid("the acquirers file \(path): a link's name is 1 to 32 letters, digits, - or _, not '\(name.prefix(64))'")
        }
        guard let table else { throw .invalid("\(place) must be a table, as [link.\(name)]") }
        var keys = TOMLKeys(table: table, place: place)
        func source(_ key: String) -> String { "\(place) \(key)" }
        guard let url = try keys.string("url") else {
            throw .invalid("\(place) needs the host's url, as url = \"iso8583s://acquirer.example:7000\"")
        }
        guard case .iso8583(var settings) = try ProcessorChoice.parse(url, source: source("url")) else {
            throw .invalid("\(source("url")) must be iso8583://host:port or iso8583s://host:port")
        }
        settings.connections = try keys.int("connections", in: 1...16) ?? settings.connections
        settings.responseTimeout = try keys.int("response-timeout", in: 5...60).map { .seconds($0) } ?? settings.responseTimeout
        settings.echoInterval = try keys.int("echo-interval", in: 10...600).map { .seconds($0) } ?? settings.echoInterval
        settings.acquiringInstitutionId = try keys.string("acquiring-institution-id").map { text throws(ConfigurationError) in
            try AcquirerLinkSettings.institution(text, source: source("acquiring-institution-id"))
        }
        settings.zonePINKeyHex = try AcquirerKeyText.zonePIN.read(
            file: keys.string("zone-pin-key-file").map { SettingValue(value: $0, source: source("zone-pin-key-file"), layer: .file) }, text: nil)
        settings.macKeyHex = try AcquirerKeyText.mac.read(
            file: keys.string("mac-key-file").map { SettingValue(value: $0, source: source("mac-key-file"), layer: .file) }, text: nil)
        settings.zoneMasterKeyHex = try AcquirerKeyText.zoneMaster.read(
            file: keys.string("zone-master-key-file").map { SettingValue(value: $0, source: source("zone-master-key-file"), layer: .file) }, text: nil)
        settings.keyExchangeInterval = try keys.int("key-exchange-interval", in: 60...86_400).map { .seconds($0) }
        try settings.checkKeyExchange(source: source("key-exchange-interval"))
        let tlsKeys = ["tls-ca", "tls-cert", "tls-key", "tls-pin"]
        var tls: [SettingValue?] = []
        for key in tlsKeys { tls.append(try keys.string(key).map { SettingValue(value: $0, source: source(key), layer: .file) }) }
        if settings.tls != nil {
            settings.tls = try AcquirerTLSSettings.checked(ca: tls[0], certificate: tls[1], key: tls[2], pin: tls[3])
        } else if let stray = tls.compactMap({ $0 }).first {
            throw .invalid("\(stray.source) needs TLS on the link: use url = \"iso8583s://…\", or remove it")
        }
        let identity = try keys.string("id").map { id throws(ConfigurationError) in
            guard UUID(uuidString: id) != nil else { throw .invalid("\(source("id")) must be a UUID, as the payments' paymentProcessorId") }
            return ProcessorIdentity(id: id.lowercased(), name: "ISO 8583 acquirer \(name)")
        } ?? .acquirerLink(named: name)
        let failover = try keys.string("failover")
        let merchants = try keys.strings("merchants") ?? []
        try keys.finish()
        return (NamedAcquirerLinkSettings(name: name, identity: identity, settings: settings, failover: failover), merchants)
    }
}
