import Foundation
@testable import Gateway
import Testing

/// `--log-format` and `TAPLINE_LOG_FORMAT`: text unless told, the flag over the variable,
/// and anything else refused in one line naming where it came from.
@Suite("Log format configuration")
struct LogFormatConfigurationTests {
    @Test func textByDefault() throws {
        #expect(try ConfigurationOverrides().resolve(environment: [:]).logFormat == .text)
    }

    @Test func theVariableAndTheFlagChooseTheFlagWinning() throws {
        #expect(try ConfigurationOverrides().resolve(environment: ["TAPLINE_LOG_FORMAT": "json"]).logFormat == .json)
        var flags = ConfigurationOverrides()
        flags.logFormat = "text"
        #expect(try flags.resolve(environment: ["TAPLINE_LOG_FORMAT": "json"]).logFormat == .text)
        flags.logFormat = "json"
        #expect(try flags.resolve(environment: ["TAPLINE_LOG_FORMAT": "text"]).logFormat == .json)
    }

    @Test func anUnknownFormatIsRefusedNamingItsSource() {
        var flags = ConfigurationOverrides()
        flags.logFormat = "JSON "
        #expect(throws: ConfigurationError.invalid("--log-format must be text or json, not 'JSON '")) {
            try flags.resolve(environment: [:])
        }
        #expect(throws: ConfigurationError.invalid("TAPLINE_LOG_FORMAT must be text or json, not 'logfmt'")) {
            try ConfigurationOverrides().resolve(environment: ["TAPLINE_LOG_FORMAT": "logfmt"])
        }
    }
}
