import Foundation
import Gateway
import Testing

/// The acquirer link's response timeout and echo interval (`--acquirer-response-timeout`,
/// `--acquirer-echo-interval` and their variables), and the gateway's bound that follows them.
@Suite struct AcquirerTimingConfigurationTests {
    static let link = ["TAPLINE_PROCESSOR": "iso8583://127.0.0.1:7000"]

    private static func settings(_ configuration: GatewayConfiguration) throws -> AcquirerLinkSettings {
        guard case .iso8583(let settings) = configuration.processor else { throw ConfigurationError.invalid("not a link") }
        return settings
    }

    @Test func theDefaultsAre25SecondsForAnAnswerAndAMinuteBetweenEchoes() throws {
        let configuration = try ConfigurationOverrides().resolve(environment: Self.link)
        let settings = try Self.settings(configuration)
        #expect(settings.responseTimeout == .seconds(25))
        #expect(settings.echoInterval == .seconds(60))
        #expect(configuration.processorTimeout == .seconds(30))
    }

    /// The gateway's bound stays above the link's wait, so that the link's own no-answer
    /// path (failed, reversal owed) ends an unanswered request, not the gateway's deadline.
    @Test func theGatewaysBoundFollowsTheLinksWaitFromTheEnvironment() throws {
        var environment = Self.link
        environment["TAPLINE_ACQUIRER_RESPONSE_TIMEOUT"] = "60"
        environment["TAPLINE_ACQUIRER_ECHO_INTERVAL"] = "600"
        let configuration = try ConfigurationOverrides().resolve(environment: environment)
        let settings = try Self.settings(configuration)
        #expect(settings.responseTimeout == .seconds(60))
        #expect(settings.echoInterval == .seconds(600))
        #expect(configuration.processorTimeout == .seconds(65))
    }

    @Test func theFlagsWinOverTheEnvironment() throws {
        var flags = ConfigurationOverrides()
        flags.acquirerResponseTimeout = 5
        flags.acquirerEchoInterval = 10
        var environment = Self.link
        environment["TAPLINE_ACQUIRER_RESPONSE_TIMEOUT"] = "40"
        environment["TAPLINE_ACQUIRER_ECHO_INTERVAL"] = "300"
        let configuration = try flags.resolve(environment: environment)
        let settings = try Self.settings(configuration)
        #expect(settings.responseTimeout == .seconds(5))
        #expect(settings.echoInterval == .seconds(10))
        #expect(configuration.processorTimeout == .seconds(10))
    }

    @Test(arguments: [
        ("TAPLINE_ACQUIRER_RESPONSE_TIMEOUT", "4"), ("TAPLINE_ACQUIRER_RESPONSE_TIMEOUT", "61"),
        ("TAPLINE_ACQUIRER_RESPONSE_TIMEOUT", "25s"), ("TAPLINE_ACQUIRER_ECHO_INTERVAL", "9"),
        ("TAPLINE_ACQUIRER_ECHO_INTERVAL", "601"), ("TAPLINE_ACQUIRER_ECHO_INTERVAL", ""),
    ])
    func anOutOfRangeVariableIsRefusedInOneLineNamingIt(variable: String, value: String) {
        var environment = Self.link
        environment[variable] = value
        #expect {
            try ConfigurationOverrides().resolve(environment: environment)
        } throws: { error in
            "\(error)".hasPrefix("\(variable) must be a whole number from ") && !"\(error)".contains("\n")
        }
    }

    @Test(arguments: [("--acquirer-response-timeout", 0), ("--acquirer-response-timeout", 61),
                      ("--acquirer-echo-interval", 5), ("--acquirer-echo-interval", 3600)])
    func anOutOfRangeFlagIsRefusedInOneLineNamingIt(flag: String, value: Int) {
        var flags = ConfigurationOverrides()
        if flag == "--acquirer-response-timeout" { flags.acquirerResponseTimeout = value } else { flags.acquirerEchoInterval = value }
        #expect {
            try flags.resolve(environment: Self.link)
        } throws: { error in
            "\(error)" == "\(flag) must be a whole number from \(flag == "--acquirer-echo-interval" ? "10 to 600" : "5 to 60"), not '\(value)'"
        }
    }

    @Test(arguments: [["TAPLINE_ACQUIRER_RESPONSE_TIMEOUT": "20"], ["TAPLINE_ACQUIRER_ECHO_INTERVAL": "30"]])
    func timingWithoutALinkIsRefusedNotIgnored(environment: [String: String]) {
        #expect {
            try ConfigurationOverrides().resolve(environment: environment)
        } throws: { error in
            "\(error)".contains("\(environment.keys.first!) is a setting of the acquirer link: it needs --processor iso8583://host:port") && !"\(error)".contains("\n")
        }
    }
}
