import Foundation
@testable import Gateway
import Testing

/// Every setting takes the same order: flag, then environment, then the configuration file,
/// then the default. Once, `TAPLINE_DATABASE_URL` silently beat `--database`.
@Suite("Configuration: flags, then environment, then the file, then defaults, for every setting")
struct ConfigurationPrecedenceTests {
    /// Through the real file reader and the one lookup every resolver uses.
    @Test(arguments: ServerSetting.all)
    func eachSettingIsTakenFromTheFlagThenTheEnvironmentThenTheFile(setting: ServerSetting) throws {
        let file = try TemporaryConfigurationFile(setting.inFile ? "\(setting.key) = \"from-file\"\n" : "")
        defer { file.remove() }
        var overrides = ConfigurationOverrides()
        overrides.configFile = file.path
        overrides[setting] = setting.hasFlag ? "from-flag" : nil
        let environment = [setting.variable: "from-environment"]
        if setting == .config { return }  // names the file itself: checked below
        if setting.hasFlag {
            #expect(try overrides.sources(environment: environment).lookup(setting)?.source == setting.flag)
            #expect(try overrides.sources(environment: environment)[setting] == "from-flag")
            overrides[setting] = nil
        }
        #expect(try overrides.sources(environment: environment).lookup(setting)?.source == setting.variable)
        let fromFile = try overrides.sources(environment: [:]).lookup(setting)
        #expect(fromFile?.value == (setting.inFile ? "from-file" : nil))
        #expect(fromFile?.source == (setting.inFile ? "\(setting.key) in \(file.path)" : nil))
    }

    @Test func theConfigurationFileComesFromTheFlagElseTheEnvironment() throws {
        let flagFile = try TemporaryConfigurationFile("port = 9001\n")
        let environmentFile = try TemporaryConfigurationFile("port = 9002\n")
        defer { flagFile.remove(); environmentFile.remove() }
        var overrides = ConfigurationOverrides()
        #expect(try overrides.resolve(environment: ["TAPLINE_CONFIG": environmentFile.path]).port == 9002)
        overrides.configFile = flagFile.path
        #expect(try overrides.resolve(environment: ["TAPLINE_CONFIG": environmentFile.path]).port == 9001)
    }

    /// The settings whose effect shows in the configuration without other settings, resolved
    /// end to end from each layer in turn.
    @Test(arguments: ResolvedSettingCase.all)
    func eachLayerDecidesTheResolvedConfiguration(probe: ResolvedSettingCase) throws {
        let file = try TemporaryConfigurationFile(
            probe.context.map { "\($0.key) = \"\($0.value)\"\n" }.joined() + "\(probe.setting.key) = \"\(probe.values.file)\"\n")
        defer { file.remove() }
        var overrides = ConfigurationOverrides()
        overrides.configFile = file.path
        #expect(try probe.read(overrides.resolve(environment: [:])) == probe.values.file, "the file over the default")
        let environment = [probe.setting.variable: probe.values.environment]
        #expect(try probe.read(overrides.resolve(environment: environment)) == probe.values.environment, "the environment over the file")
        if probe.setting.hasFlag {
            overrides[probe.setting] = probe.values.flag
            #expect(try probe.read(overrides.resolve(environment: environment)) == probe.values.flag, "the flag over the environment")
        }
        #expect(try probe.read(ConfigurationOverrides().resolve(environment: probe.context.reduce(into: [:]) {
            $0[ServerSetting.named($1.key)!.variable] = $1.value
        })) == probe.defaultValue, "the default")
    }
}
