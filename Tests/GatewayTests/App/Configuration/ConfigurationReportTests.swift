import Foundation
import Gateway
import Testing

/// `tapline config print`: every setting, its value and its source, secrets masked.
@Suite("Configuration report (tapline config print)")
struct ConfigurationReportTests {
    @Test func eachSettingShowsItsValueAndWhereItCameFrom() throws {
        let file = try TemporaryConfigurationFile("port = 9000\nlog-format = \"json\"\n")
        defer { file.remove() }
        var overrides = ConfigurationOverrides()
        overrides.configFile = file.path
        overrides.host = "0.0.0.0"
        let report = try ConfigurationReport.render(overrides, environment: ["TAPLINE_PIN_WINDOW": "60"])
        let lines = Set(report.split(separator: "\n").map(String.init))
        #expect(lines.contains("host = \"0.0.0.0\"  # --host"))
        #expect(lines.contains("pin-window = 60  # TAPLINE_PIN_WINDOW"))
        #expect(lines.contains("port = 9000  # port in \(file.path)"))
        #expect(lines.contains("log-format = \"json\"  # log-format in \(file.path)"))
        #expect(lines.contains("pin-max-attempts = 3  # default"))
        #expect(lines.contains("# database-url is not set"))
        // One line per setting, after the heading.
        #expect(report.split(separator: "\n").count == ServerSetting.all.count + 1)
    }

    @Test func secretsAndPasswordsAreMasked() throws {
        let masterKey = Data(repeating: 7, count: 32).base64EncodedString()
        let report = try ConfigurationReport.render(ConfigurationOverrides(), environment: [
            "TAPLINE_MASTER_KEY": masterKey, "TAPLINE_DATABASE_URL": "postgres://tapline:hunter2@db:5432/tapline",
            "TAPLINE_PROCESSOR": "iso8583://acquirer:5000", "TAPLINE_ACQUIRER_MAC_KEY": "0123456789ABCDEFFEDCBA9876543210",
        ])
        #expect(!report.contains(masterKey) && !report.contains("hunter2") && !report.contains("0123456789ABCDEF"))
        #expect(report.contains("master-key = \"***\"  # TAPLINE_MASTER_KEY"))
        #expect(report.contains("acquirer-mac-key = \"***\"  # TAPLINE_ACQUIRER_MAC_KEY"))
        #expect(report.contains("database-url = \"postgres://tapline:***@db:5432/tapline\"  # TAPLINE_DATABASE_URL"))
    }

    @Test func aConfigurationThatWouldNotStartIsRefusedHereToo() {
        #expect(throws: ConfigurationError.invalid("TAPLINE_PORT must be a port number (0–65535), not 'eighty'")) {
            try ConfigurationReport.render(ConfigurationOverrides(), environment: ["TAPLINE_PORT": "eighty"])
        }
    }
}
