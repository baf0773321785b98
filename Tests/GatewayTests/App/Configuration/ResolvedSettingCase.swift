import Foundation
import Gateway
import Testing

/// One setting resolved end to end: three values (flag, environment, file), the default,
/// the settings it needs beside it, and how to read it back from the configuration.
struct ResolvedSettingCase: Sendable, CustomTestStringConvertible {
    let setting: ServerSetting
    let values: (flag: String, environment: String, file: String)
    let defaultValue: String
    var context: [(key: String, value: String)] = []
    let read: @Sendable (GatewayConfiguration) -> String

    var testDescription: String { setting.key }

    static let all: [ResolvedSettingCase] = [
        .init(setting: .host, values: ("::1", "0.0.0.0", "10.0.0.1"), defaultValue: "127.0.0.1") { $0.host },
        .init(setting: .port, values: ("7000", "7001", "7002"), defaultValue: "8080") { String($0.port) },
        .init(setting: .metricsPort, values: ("9461", "9462", "9463"), defaultValue: "") { $0.metricsPort.map(String.init) ?? "" },
        .init(setting: .database, values: ("f.sqlite", "e.sqlite", "c.sqlite"), defaultValue: "tapline.sqlite") { $0.databasePath },
        .init(setting: .databaseURL, values: ("postgres://f/t", "postgres://e/t", "postgres://c/t"), defaultValue: "") { $0.databaseURL ?? "" },
        .init(setting: .databasePoolSize, values: ("3", "4", "5"), defaultValue: "8") { String($0.databasePoolSize) },
        .init(setting: .keys, values: ("f.json", "e.json", "c.json"), defaultValue: "tapline-keys.json") { $0.keysPath },
        .init(setting: .logLevel, values: ("error", "debug", "trace"), defaultValue: "info") { $0.logLevel.rawValue },
        .init(setting: .logFormat, values: ("json", "text", "json"), defaultValue: "text") { $0.logFormat.rawValue },
        .init(setting: .readerTokenLifetime, values: ("600", "700", "800"), defaultValue: "43200") { String(Int($0.readerTokenLifetime)) },
        .init(setting: .pinMaxAttempts, values: ("1", "2", "5"), defaultValue: "3") { String($0.pinMaxAttempts) },
        .init(setting: .pinWindow, values: ("30", "40", "50"), defaultValue: "120") { String(Int($0.pinWindow)) },
        .init(setting: .webhookTimeout, values: ("1", "2", "3"), defaultValue: "10") { String($0.webhookTimeout.components.seconds) },
        .init(setting: .drainTimeout, values: ("1", "2", "3"), defaultValue: "30") { String($0.drainTimeout.components.seconds) },
        .init(setting: .otlpEndpoint, values: ("http://f:4318", "http://e:4318", "https://c:4318/"), defaultValue: "") { $0.tracing.endpoint ?? "" },
        .init(setting: .otlpProtocol, values: ("http/json", "http/protobuf", "http/json"), defaultValue: "http/protobuf", context: otlp) {
            $0.tracing.otlpProtocol.rawValue
        },
        .init(setting: .dashboardPasswordCost, values: ("10", "11", "13"), defaultValue: "12") { String($0.dashboard.passwordCost) },
        .init(setting: .dashboardSecureCookies, values: ("true", "false", "true"), defaultValue: "false") { String($0.dashboard.secureCookies) },
        .init(setting: .processor, values: ("iso8583://f:1", "iso8583://e:1", "iso8583://c:1"), defaultValue: "simulator") { $0.processor.text },
        .init(setting: .acquirerConnections, values: ("3", "4", "5"), defaultValue: "2", context: link) { $0.processor.link?.connections.description ?? "" },
        .init(setting: .acquirerResponseTimeout, values: ("10", "11", "12"), defaultValue: "25", context: link) {
            $0.processor.link.map { String($0.responseTimeout.components.seconds) } ?? ""
        },
        .init(setting: .acquirerEchoInterval, values: ("10", "20", "30"), defaultValue: "60", context: link) {
            $0.processor.link.map { String($0.echoInterval.components.seconds) } ?? ""
        },
        .init(setting: .acquiringInstitutionId, values: ("1", "22", "333"), defaultValue: "", context: link) {
            $0.processor.link?.acquiringInstitutionId ?? ""
        },
    ]

    private static let link = [(key: "processor", value: "iso8583://host:9000")]
    private static let otlp = [(key: "otlp-endpoint", value: "http://collector:4318")]
}

private extension ProcessorChoice {
    var link: AcquirerLinkSettings? {
        guard case .iso8583(let link) = self else { return nil }
        return link
    }

    var text: String {
        guard let link else { return "simulator" }
        return "iso8583://\(link.host):\(link.port)"
    }
}
