import Foundation
import Gateway
import InteropSupport
import Testing

/// `--processor iso8583s://…` and the link's TLS settings (`--acquirer-tls-ca`, `-cert`,
/// `-key`, `-pin` and their `TAPLINE_ACQUIRER_TLS_*` variables): read at start, each mistake
/// refused in one line naming the setting, never quoting a key.
@Suite(.enabled(if: PythonPeer.isAvailable("cryptography")))
struct AcquirerTLSConfigurationTests {
    static let link = ["TAPLINE_PROCESSOR": "iso8583s://acquirer.example:7000"]
    static let pin = String(repeating: "ab", count: 32)

    private static func tls(_ configuration: GatewayConfiguration) throws -> AcquirerTLSSettings {
        guard case .iso8583(let settings) = configuration.processor, let tls = settings.tls else {
            throw ConfigurationError.invalid("not a TLS link")
        }
        return tls
    }

    @Test func iso8583sWithoutFilesTrustsTheSystemRoots() throws {
        let configuration = try ConfigurationOverrides().resolve(environment: Self.link)
        #expect(try Self.tls(configuration) == AcquirerTLSSettings())
        #expect(configuration.processor.description == "iso8583s://acquirer.example:7000")
    }

    @Test func allSettingsFromTheEnvironmentWithAColonSeparatedUppercasePin() throws {
        let pki = try ProviderTestPKI.shared()
        var environment = Self.link
        environment["TAPLINE_ACQUIRER_TLS_CA"] = pki.ca
        environment["TAPLINE_ACQUIRER_TLS_CERT"] = pki.gatewayCertificate
        environment["TAPLINE_ACQUIRER_TLS_KEY"] = pki.gatewayKey
        environment["TAPLINE_ACQUIRER_TLS_PIN"] = stride(from: 0, to: 64, by: 2).map { _ in "AB" }.joined(separator: ":")
        let tls = try Self.tls(try ConfigurationOverrides().resolve(environment: environment))
        #expect(tls.caFile == pki.ca && tls.certificateFile == pki.gatewayCertificate && tls.keyFile == pki.gatewayKey)
        #expect(tls.pinnedCertificateSHA256 == Array(repeating: 0xAB, count: 32))
    }

    @Test func theFlagsWinOverTheEnvironment() throws {
        let pki = try ProviderTestPKI.shared()
        var flags = ConfigurationOverrides()
        flags.acquirerTLSCA = pki.ca
        flags.acquirerTLSPin = Self.pin
        var environment = Self.link
        environment["TAPLINE_ACQUIRER_TLS_CA"] = "/nowhere/ca.pem"
        environment["TAPLINE_ACQUIRER_TLS_PIN"] = "not a pin"
        let tls = try Self.tls(try flags.resolve(environment: environment))
        #expect(tls.caFile == pki.ca && tls.pinnedCertificateSHA256 == Array(repeating: 0xAB, count: 32))
    }

    /// Each case: the settings, and how the one line must start.
    static func refusals(_ pki: ProviderTestPKI) -> [([String: String], String)] {
        [
            (["TAPLINE_ACQUIRER_TLS_CA": "/nowhere/ca.pem"], "TAPLINE_ACQUIRER_TLS_CA /nowhere/ca.pem cannot be read as PEM certificates"),
            (["TAPLINE_ACQUIRER_TLS_CA": pki.gatewayKey], "TAPLINE_ACQUIRER_TLS_CA \(pki.gatewayKey) cannot be read as PEM certificates"),
            (["TAPLINE_ACQUIRER_TLS_CERT": pki.gatewayCertificate], "TAPLINE_ACQUIRER_TLS_CERT \(pki.gatewayCertificate) needs its private key"),
            (["TAPLINE_ACQUIRER_TLS_KEY": pki.gatewayKey], "TAPLINE_ACQUIRER_TLS_KEY \(pki.gatewayKey) needs the client certificate"),
            (["TAPLINE_ACQUIRER_TLS_CERT": pki.gatewayKey, "TAPLINE_ACQUIRER_TLS_KEY": pki.gatewayKey],
             "TAPLINE_ACQUIRER_TLS_CERT \(pki.gatewayKey) cannot be read as a PEM certificate chain"),
            (["TAPLINE_ACQUIRER_TLS_CERT": pki.gatewayCertificate, "TAPLINE_ACQUIRER_TLS_KEY": pki.ca],
             "TAPLINE_ACQUIRER_TLS_KEY \(pki.ca) cannot be read as a PEM private key"),
            (["TAPLINE_ACQUIRER_TLS_CERT": pki.gatewayCertificate, "TAPLINE_ACQUIRER_TLS_KEY": pki.strangerKey],
             "TAPLINE_ACQUIRER_TLS_KEY \(pki.strangerKey) is not the key of the client certificate"),
            (["TAPLINE_ACQUIRER_TLS_PIN": "abcd"], "TAPLINE_ACQUIRER_TLS_PIN must be the SHA-256 fingerprint"),
            (["TAPLINE_ACQUIRER_TLS_PIN": String(repeating: "g", count: 64)], "TAPLINE_ACQUIRER_TLS_PIN must be the SHA-256 fingerprint"),
        ]
    }

    @Test func eachBadSettingStopsTheStartInOneLineNamingItWithoutQuotingAKey() throws {
        let pki = try ProviderTestPKI.shared()
        let keyBodies = try [pki.gatewayKey, pki.strangerKey].flatMap { file in
            try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("-----") }
        }
        for (settings, start) in Self.refusals(pki) {
            let environment = Self.link.merging(settings) { $1 }
            do {
                _ = try ConfigurationOverrides().resolve(environment: environment)
                Issue.record("\(settings) was accepted")
            } catch {
                let line = "\(error)"
                #expect(line.hasPrefix(start) && !line.contains("\n"), "\(line)")
                #expect(keyBodies.allSatisfy { !line.contains($0) })
            }
        }
    }

    @Test func aFlagNamesItselfInTheRefusal() {
        var flags = ConfigurationOverrides()
        flags.acquirerTLSCert = "/nowhere/client.pem"
        flags.acquirerTLSKey = "/nowhere/client-key.pem"
        #expect {
            try flags.resolve(environment: Self.link)
        } throws: { error in
            "\(error)".hasPrefix("--acquirer-tls-cert /nowhere/client.pem cannot be read as a PEM certificate chain")
        }
    }

    @Test(arguments: ["iso8583://127.0.0.1:7000", "simulator"])
    func tlsSettingsWithoutIso8583sAreRefusedNotIgnored(processor: String) {
        for variable in ["TAPLINE_ACQUIRER_TLS_CA", "TAPLINE_ACQUIRER_TLS_CERT", "TAPLINE_ACQUIRER_TLS_KEY", "TAPLINE_ACQUIRER_TLS_PIN"] {
            #expect {
                try ConfigurationOverrides().resolve(environment: ["TAPLINE_PROCESSOR": processor, variable: "/some/file"])
            } throws: { error in
                "\(error)" == "\(variable) needs TLS on the acquirer link: use --processor iso8583s://host:port, or remove \(variable)"
            }
        }
    }
}
