import Foundation
import Gateway
import Testing

/// `--config tapline.toml`: nothing in it is silently dropped, and every refusal names the
/// key and the file it came from.
@Suite("Configuration file: keys, types, refusals")
struct ConfigurationFileTests {
    @Test func numbersStringsAndBooleansAreTaken() throws {
        let file = try TemporaryConfigurationFile("""
            # a comment
            port = 9443
            host = "0.0.0.0"
            log-format = "json"
            dashboard-secure-cookies = true
            processor = "iso8583://acquirer.example:5000"
            acquirer-connections = 4
            """)
        defer { file.remove() }
        var overrides = ConfigurationOverrides()
        overrides.configFile = file.path
        let configuration = try overrides.resolve(environment: [:])
        #expect(configuration.port == 9443 && configuration.host == "0.0.0.0" && configuration.logFormat == .json)
        #expect(configuration.dashboard.secureCookies)
        guard case .iso8583(let link) = configuration.processor else {
            Issue.record("the file's processor was not taken")
            return
        }
        #expect(link.host == "acquirer.example" && link.port == 5000 && link.connections == 4)
    }

    @Test(arguments: [
        ("prot = 8080\n", "'prot' is not a setting"),
        ("[server]\nport = 8080\n", "'server' is not a setting"),
        ("master-key = \"AAAA\"\n", "master-key cannot be set in the file: give master-key-file"),
        ("zone-pin-key = \"0123\"\n", "zone-pin-key cannot be set in the file: give zone-pin-key-file"),
        ("config = \"other.toml\"\n", "config cannot be set in the file"),
        ("port = [8080]\n", "port must be a string in quotes, a whole number or true/false"),
        ("port = 8080\nport = 8081\n", "is not TOML"),
        ("port = \n", "is not TOML"),
    ])
    func mistakesStopTheStartNamingTheKey(text: String, message: String) throws {
        let file = try TemporaryConfigurationFile(text)
        defer { file.remove() }
        var overrides = ConfigurationOverrides()
        overrides.configFile = file.path
        do {
            _ = try overrides.resolve(environment: [:])
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.description.contains(file.path))
        }
    }

    @Test func aBadValueInTheFileIsNamedByItsKeyAndFile() throws {
        let file = try TemporaryConfigurationFile("port = 70000\npin-window = 5\n")
        defer { file.remove() }
        var overrides = ConfigurationOverrides()
        overrides.configFile = file.path
        // Every problem, one line each, in the settings' order.
        #expect(throws: ConfigurationError.invalid("""
            port in \(file.path) must be a port number (0–65535), not '70000'
            pin-window in \(file.path) must be a whole number from 30 to 600, not '5'
            """)) {
            try overrides.resolve(environment: [:])
        }
        // The environment beats the file's bad port; the other bad value is still the file's.
        #expect(throws: ConfigurationError.invalid("pin-window in \(file.path) must be a whole number from 30 to 600, not '5'")) {
            try overrides.resolve(environment: ["TAPLINE_PORT": "8080"])
        }
    }

    @Test func everyProblemIsNamedOnItsOwnLine() throws {
        let file = try TemporaryConfigurationFile("prot = 8080\nlog-levle = \"debug\"\nport = [1]\n")
        defer { file.remove() }
        var overrides = ConfigurationOverrides()
        overrides.configFile = file.path
        let settings = " is not a setting (the settings and their file keys: tapline config table, or the README's Configuration table)"
        #expect(throws: ConfigurationError.invalid("""
            the configuration file \(file.path): 'log-levle'\(settings)
            the configuration file \(file.path): port must be a string in quotes, a whole number or true/false
            the configuration file \(file.path): 'prot'\(settings)
            """)) {
            try overrides.resolve(environment: [:])
        }
        overrides.configFile = nil
        overrides.port = 8080
        overrides[.metricsPort] = "8080"
        overrides.logLevel = "loud"
        overrides[.tlsKey] = "key.pem"
        #expect(throws: ConfigurationError.invalid("""
            --metrics-port 8080 is the API's port: give another one, or leave it out to serve /metrics with the API
            --tls-key needs --tls-certificate (the certificate the API serves)
            --log-level 'loud' is not one of trace, debug, info, notice, warning, error, critical
            """)) {
            try overrides.resolve(environment: [:])
        }
    }

    @Test func aMissingFileStopsTheStartNamingWhereItWasGiven() {
        var overrides = ConfigurationOverrides()
        overrides.configFile = "/nonexistent/tapline.toml"
        #expect(throws: ConfigurationError.invalid("cannot read the configuration file /nonexistent/tapline.toml (--config)")) {
            try overrides.resolve(environment: [:])
        }
        #expect(throws: ConfigurationError.invalid("cannot read the configuration file /nonexistent/x.toml (TAPLINE_CONFIG)")) {
            try ConfigurationOverrides().resolve(environment: ["TAPLINE_CONFIG": "/nonexistent/x.toml"])
        }
    }

    /// The database is one setting in two forms: the first layer naming either decides.
    @Test func theFirstLayerNamingADatabaseDecidesWhichDatabase() throws {
        let file = try TemporaryConfigurationFile("database-url = \"postgres://u:p@db/tapline\"\n")
        defer { file.remove() }
        var overrides = ConfigurationOverrides()
        overrides.configFile = file.path
        #expect(try overrides.resolve(environment: [:]).databaseURL == "postgres://u:p@db/tapline")
        let environmentWins = try overrides.resolve(environment: ["TAPLINE_DATABASE": "env.sqlite"])
        #expect(environmentWins.databaseURL == nil && environmentWins.databasePath == "env.sqlite")
        #expect(throws: ConfigurationError.invalid(
            "TAPLINE_DATABASE and TAPLINE_DATABASE_URL name two databases: give one (SQLite's file, or PostgreSQL's URL)")) {
            try ConfigurationOverrides().resolve(environment: ["TAPLINE_DATABASE": "a.sqlite", "TAPLINE_DATABASE_URL": "postgres://db/t"])
        }
    }

    /// A link's settings in the file without a link are refused like the flags, naming the file.
    @Test func anAcquirerSettingWithoutTheLinkIsRefusedNamingTheFile() throws {
        let file = try TemporaryConfigurationFile("acquirer-connections = 4\n")
        defer { file.remove() }
        var overrides = ConfigurationOverrides()
        overrides.configFile = file.path
        #expect(throws: ConfigurationError.invalid(
            "acquirer-connections in \(file.path) is a setting of the acquirer link: it needs --processor iso8583://host:port, or remove it")) {
            try overrides.resolve(environment: [:])
        }
    }
}
