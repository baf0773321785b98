import Foundation
import Gateway
import Logging
import Storage
import Testing

/// `--acquirer-key-exchange-interval` and `TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL`: off by
/// default, 60–86 400 s, and only with the zone master key and the MAC key it needs.
@Suite struct AcquirerKeyExchangeConfigurationTests {
    static let keys = [
        "TAPLINE_PROCESSOR": "iso8583://127.0.0.1:7000",
        "TAPLINE_ACQUIRER_MAC_KEY": AcquirerMACTests.macKey,
        "TAPLINE_ACQUIRER_ZONE_MASTER_KEY": AcquirerKeyExchangeTests.zoneMasterKey,
    ]

    private static func settings(_ environment: [String: String], flags: ConfigurationOverrides = ConfigurationOverrides())
        throws -> AcquirerLinkSettings {
        guard case .iso8583(let settings) = try flags.resolve(environment: environment).processor else {
            throw ConfigurationError.invalid("not a link")
        }
        return settings
    }

    @Test func itIsOffByDefault() throws {
        #expect(try Self.settings(Self.keys).keyExchangeInterval == nil)
    }

    @Test func theVariableAndTheFlagSetIt() throws {
        var environment = Self.keys
        environment["TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL"] = "3600"
        #expect(try Self.settings(environment).keyExchangeInterval == .seconds(3600))
        var flags = ConfigurationOverrides()
        flags.acquirerKeyExchangeInterval = 60
        #expect(try Self.settings(environment, flags: flags).keyExchangeInterval == .seconds(60))
        #expect("\(try Self.settings(environment))".contains("key exchange every"))
    }

    @Test(arguments: ["59", "86401", "0", "1h", ""])
    func anOutOfRangeIntervalIsRefusedInOneLineNamingIt(value: String) {
        var environment = Self.keys
        environment["TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL"] = value
        #expect {
            try ConfigurationOverrides().resolve(environment: environment)
        } throws: { error in
            "\(error)" == "TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL must be a whole number from 60 to 86400, not '\(value)'"
        }
    }

    /// The new key comes under the zone master key and the exchange is MACed: an interval
    /// without either is a configuration error naming the setting, not a link that fails later.
    @Test(arguments: ["TAPLINE_ACQUIRER_ZONE_MASTER_KEY", "TAPLINE_ACQUIRER_MAC_KEY"])
    func anIntervalWithoutTheKeysItNeedsIsRefused(missing: String) {
        var environment = Self.keys
        environment[missing] = nil
        var flags = ConfigurationOverrides()
        flags.acquirerKeyExchangeInterval = 600
        #expect {
            try flags.resolve(environment: environment)
        } throws: { error in
            let line = "\(error)"
            return line.hasPrefix("--acquirer-key-exchange-interval needs a zone master key") && !line.contains("\n")
                && !line.contains(AcquirerMACTests.macKey) && !line.contains(AcquirerKeyExchangeTests.zoneMasterKey)
        }
    }

    /// Settings made in code are checked the same way when the link is built.
    @Test func aLinkWithAnIntervalAndNoZoneMasterKeyIsNotBuilt() {
        var settings = AcquirerLinkSettings(host: "127.0.0.1", port: 7000)
        settings.macKeyHex = AcquirerMACTests.macKey
        settings.keyExchangeInterval = .seconds(600)
        #expect {
            _ = try AcquirerLink(settings, store: MemoryStore(), logger: Logger(label: "test"))
        } throws: { error in
            "\(error)".hasPrefix("the acquirer key exchange interval needs a zone master key")
        }
    }

    @Test func anIntervalWithoutALinkIsRefusedNotIgnored() {
        #expect {
            try ConfigurationOverrides().resolve(environment: ["TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL": "600"])
        } throws: { error in
            "\(error)" == "TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL is a setting of the acquirer link: it needs --processor iso8583://host:port, or remove it"
        }
    }
}
