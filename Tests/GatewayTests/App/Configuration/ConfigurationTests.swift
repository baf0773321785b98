import Foundation
import Gateway
import Logging
import Testing

@Suite("Configuration: flags, then environment, then defaults; keys file")
struct ConfigurationTests {
    @Test func defaultsWithNothingGiven() throws {
        let configuration = try ConfigurationOverrides().resolve(environment: [:])
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.databasePath == "tapline.sqlite")
        #expect(configuration.keysPath == "tapline-keys.json")
        #expect(configuration.logLevel == .info)
    }

    @Test func environmentOverDefaultsAndFlagsOverEnvironment() throws {
        let environment = ["TAPLINE_HOST": "0.0.0.0", "TAPLINE_PORT": "9090", "TAPLINE_DATABASE": "/var/env.sqlite",
                           "TAPLINE_KEYS": "/var/env-keys.json", "TAPLINE_LOG_LEVEL": "DEBUG"]
        let fromEnvironment = try ConfigurationOverrides().resolve(environment: environment)
        #expect(fromEnvironment.host == "0.0.0.0")
        #expect(fromEnvironment.port == 9090)
        #expect(fromEnvironment.databasePath == "/var/env.sqlite")
        #expect(fromEnvironment.keysPath == "/var/env-keys.json")
        #expect(fromEnvironment.logLevel == .debug)
        let flags = ConfigurationOverrides(host: "::1", port: 7000, databasePath: "flag.sqlite", keysPath: "flag.json", logLevel: "error")
        let fromFlags = try flags.resolve(environment: environment)
        #expect(fromFlags.host == "::1")
        #expect(fromFlags.port == 7000)
        #expect(fromFlags.databasePath == "flag.sqlite")
        #expect(fromFlags.keysPath == "flag.json")
        #expect(fromFlags.logLevel == .error)
    }

    @Test func thePINTriesAndWindowComeFromFlagsThenEnvironment() throws {
        let environment = ["TAPLINE_PIN_MAX_ATTEMPTS": "5", "TAPLINE_PIN_WINDOW": "55"]
        let fromEnvironment = try ConfigurationOverrides().resolve(environment: environment)
        #expect(fromEnvironment.pinMaxAttempts == 5)
        #expect(fromEnvironment.pinWindow == 55)
        var flags = ConfigurationOverrides()
        flags.pinMaxAttempts = 1
        flags.pinWindow = 300
        let fromFlags = try flags.resolve(environment: environment)
        #expect(fromFlags.pinMaxAttempts == 1)
        #expect(fromFlags.pinWindow == 300)
        #expect(try ConfigurationOverrides().resolve(environment: [:]).pinMaxAttempts == 3)
    }

    @Test func aDatabaseURLComesFromTheFlagThenTheEnvironment() throws {
        #expect(try ConfigurationOverrides().resolve(environment: [:]).databaseURL == nil, "SQLite unless told otherwise")
        let environment = ["TAPLINE_DATABASE_URL": "postgres://a:b@db:5432/tapline", "TAPLINE_DATABASE_POOL_SIZE": "20"]
        let fromEnvironment = try ConfigurationOverrides().resolve(environment: environment)
        #expect(fromEnvironment.databaseURL == "postgres://a:b@db:5432/tapline")
        #expect(fromEnvironment.databasePoolSize == 20)
        var flags = ConfigurationOverrides()
        flags.databaseURL = "postgresql://c@other/tapline?sslmode=require"
        #expect(try flags.resolve(environment: environment).databaseURL == "postgresql://c@other/tapline?sslmode=require")
    }

    /// The database is one setting in two forms: a flag of either form beats the environment.
    @Test func theDatabaseFlagBeatsADatabaseURLInTheEnvironment() throws {
        var flags = ConfigurationOverrides()
        flags.databasePath = "/tmp/chosen.sqlite"
        let resolved = try flags.resolve(environment: ["TAPLINE_DATABASE_URL": "postgres://a:b@db:5432/tapline"])
        #expect(resolved.databaseURL == nil && resolved.databasePath == "/tmp/chosen.sqlite")
        flags.databaseURL = "postgres://a:b@db:5432/tapline"
        #expect(throws: ConfigurationError.invalid(
            "--database and --database-url name two databases: give one (SQLite's file, or PostgreSQL's URL)")) {
            try flags.resolve(environment: [:])
        }
    }

    @Test func aDatabaseURLThatIsNotPostgresIsRefusedWithoutShowingItsPassword() {
        do {
            _ = try ConfigurationOverrides().resolve(environment: ["TAPLINE_DATABASE_URL": "mysql://root:hunter2@db/tapline"])
            Issue.record("a mysql URL was accepted")
        } catch {
            #expect(error.description.contains("postgres://"))
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test func theDashboardsCostAndCookieComeFromTheEnvironment() throws {
        let defaults = try ConfigurationOverrides().resolve(environment: [:]).dashboard
        #expect(defaults.passwordCost == 12 && !defaults.secureCookies && defaults.failedSignInDelay == .seconds(1))
        let set = try ConfigurationOverrides().resolve(
            environment: ["TAPLINE_DASHBOARD_PASSWORD_COST": "13", "TAPLINE_DASHBOARD_SECURE_COOKIES": "true"]).dashboard
        #expect(set.passwordCost == 13 && set.secureCookies)
    }

    @Test(arguments: [
        ["TAPLINE_PORT": "eighty"], ["TAPLINE_PORT": "70000"], ["TAPLINE_LOG_LEVEL": "loud"],
        ["TAPLINE_PIN_MAX_ATTEMPTS": "0"], ["TAPLINE_PIN_WINDOW": "a minute"], ["TAPLINE_DATABASE_POOL_SIZE": "0"],
        ["TAPLINE_DASHBOARD_PASSWORD_COST": "4"], ["TAPLINE_DASHBOARD_PASSWORD_COST": "31"], ["TAPLINE_DASHBOARD_SECURE_COOKIES": "maybe"],
    ])
    func unusableSettingsAreRefusedClearly(environment: [String: String]) {
        #expect(throws: ConfigurationError.self) { try ConfigurationOverrides().resolve(environment: environment) }
    }

    @Test func keyFileIsCreatedOwnerOnlyAndReadBackTheSame() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-keys-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let created = try GatewayKeys.loadOrCreate(at: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let reloaded = try GatewayKeys.loadOrCreate(at: path)
        #expect(reloaded.tokenSigningKey == created.tokenSigningKey)
        #expect(reloaded.panHashKey == created.panHashKey)
        #expect(created.tokenSigningKey != created.panHashKey)
    }

    @Test func aCorruptKeyFileStopsTheStart() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-bad-keys-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"tokenSigningKey":"short","panHashKey":"short"}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: GatewayStartupError.self) { try GatewayKeys.loadOrCreate(at: path) }
    }
}
