import Foundation
import Gateway
import Testing

/// `--processor` / `TAPLINE_PROCESSOR` and the acquirer link's settings.
@Suite struct AcquirerConfigurationTests {
    static let key = "0123456789ABCDEFFEDCBA9876543210"

    @Test func theSimulatorIsTheDefault() throws {
        #expect(try ConfigurationOverrides().resolve(environment: [:]).processor == .simulator)
        #expect(try ConfigurationOverrides().resolve(environment: ["TAPLINE_PROCESSOR": "simulator"]).processor == .simulator)
    }

    @Test func anAcquirerLinkFromTheEnvironmentWithItsSettings() throws {
        let configuration = try ConfigurationOverrides().resolve(environment: [
            "TAPLINE_PROCESSOR": "iso8583://acquirer.example:7000", "TAPLINE_ACQUIRER_CONNECTIONS": "4",
            "TAPLINE_ZONE_PIN_KEY": Self.key.lowercased(), "TAPLINE_ACQUIRING_INSTITUTION_ID": "123456",
        ])
        guard case .iso8583(let link) = configuration.processor else { Issue.record("not a link"); return }
        #expect(link.host == "acquirer.example" && link.port == 7000 && link.connections == 4)
        #expect(link.zonePINKeyHex == Self.key)
        #expect(link.acquiringInstitutionId == "123456")
        #expect(!"\(link)".contains(Self.key) && !"\(configuration.processor)".lowercased().contains(Self.key.lowercased()))
    }

    @Test func theFlagWinsAndIPv6IsBracketed() throws {
        var flags = ConfigurationOverrides()
        flags.processor = "iso8583://[::1]:7001"
        let configuration = try flags.resolve(environment: ["TAPLINE_PROCESSOR": "simulator"])
        #expect(configuration.processor.description == "iso8583://::1:7001")
    }

    @Test(arguments: [
        "iso8583://", "iso8583://host", "iso8583://host:0", "iso8583://host:65536", "iso8583://:7000", "iso8583://host:x",
        "tcp://host:7000", "ISO8583://host:7000", "iso8583://user@host:7000", "", String(repeating: "a", count: 100_000),
    ])
    func aBadProcessorIsRefusedWithAClearMessage(text: String) {
        var flags = ConfigurationOverrides()
        flags.processor = text
        #expect {
            try flags.resolve(environment: [:])
        } throws: { error in
            "\(error)".hasPrefix("--processor must") && "\(error)".count < 300
        }
    }

    @Test(arguments: [
        ["TAPLINE_ZONE_PIN_KEY": "0123"], ["TAPLINE_ZONE_PIN_KEY": String(repeating: "G", count: 32)],
        ["TAPLINE_ACQUIRER_CONNECTIONS": "0"], ["TAPLINE_ACQUIRER_CONNECTIONS": "17"],
        ["TAPLINE_ACQUIRING_INSTITUTION_ID": "12345678901234"], ["TAPLINE_ACQUIRING_INSTITUTION_ID": "12ab"],
    ])
    func badLinkSettingsAreRefusedWithoutEchoingTheKey(environment: [String: String]) {
        var all = environment
        all["TAPLINE_PROCESSOR"] = "iso8583://127.0.0.1:7000"
        #expect {
            try ConfigurationOverrides().resolve(environment: all)
        } throws: { error in
            !"\(error)".contains("0123") && !"\(error)".contains("GGGG")
        }
    }

    @Test func linkSettingsWithoutALinkAreRefusedNotIgnored() {
        #expect(throws: ConfigurationError.self) {
            try ConfigurationOverrides().resolve(environment: ["TAPLINE_ZONE_PIN_KEY": Self.key])
        }
    }

    /// A MAC key that is not 32 hex digits (a triple-length key included: the retail MAC has
    /// two keys) stops start-up with one line naming the setting and not echoing the value.
    @Test(arguments: ["0123", String(repeating: "G", count: 32), String(repeating: "AB", count: 24)])
    func aBadMACKeyIsRefusedInOneLineNamingIt(key: String) {
        let environment = ["TAPLINE_PROCESSOR": "iso8583://127.0.0.1:7000", "TAPLINE_ACQUIRER_MAC_KEY": key]
        #expect {
            try ConfigurationOverrides().resolve(environment: environment)
        } throws: { error in
            let line = "\(error)"
            return line.contains("TAPLINE_ACQUIRER_MAC_KEY") && !line.contains("\n") && !line.contains(key)
        }
    }

    @Test func aMACKeyIsTakenAndNeverShown() throws {
        let key = "f1e2d3c4b5a6978800112233445566ab"
        let configuration = try ConfigurationOverrides().resolve(
            environment: ["TAPLINE_PROCESSOR": "iso8583://127.0.0.1:7000", "TAPLINE_ACQUIRER_MAC_KEY": key])
        guard case .iso8583(let link) = configuration.processor else {
            Issue.record("not a link")
            return
        }
        #expect(link.macKeyHex == key.uppercased())
        #expect(!"\(link)".contains(key.uppercased()) && "\(link)".contains("MAC key set"))
        #expect(throws: ConfigurationError.self) {
            try ConfigurationOverrides().resolve(environment: ["TAPLINE_ACQUIRER_MAC_KEY": key])
        }
    }

    @Test(arguments: ["0123", String(repeating: "G", count: 32), String(repeating: "AB", count: 20)])
    func aBadZoneMasterKeyIsRefusedInOneLineNamingIt(key: String) {
        let environment = ["TAPLINE_PROCESSOR": "iso8583://127.0.0.1:7000", "TAPLINE_ACQUIRER_ZONE_MASTER_KEY": key]
        #expect {
            try ConfigurationOverrides().resolve(environment: environment)
        } throws: { error in
            let line = "\(error)"
            return line.contains("TAPLINE_ACQUIRER_ZONE_MASTER_KEY") && !line.contains("\n") && !line.contains(key)
        }
    }
}
