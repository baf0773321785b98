import Foundation

/// What `tapline config print` shows: every setting with its effective value and where the
/// value came from (flag, environment, file or default), as TOML a configuration file could
/// start from. Secrets show as `***`, and a URL's password is masked.
public enum ConfigurationReport {
    /// The report for these flags and `environment`, after the same checks a start makes: a
    /// configuration that would not start is refused here too.
    public static func render(_ overrides: ConfigurationOverrides, environment: [String: String]) throws(ConfigurationError) -> String {
        let sources = try overrides.sources(environment: environment)
        _ = try overrides.resolve(sources)
        var lines = ["# The effective configuration of tapline serve: each setting's value and where it came from."]
        for setting in ServerSetting.all {
            if let given = sources.lookup(setting) {
                lines.append("\(setting.key) = \(shown(given.value, of: setting))  # \(given.source)")
            } else if let defaultValue = setting.defaultValue {
                lines.append("\(setting.key) = \(shown(defaultValue, of: setting))  # default")
            } else {
                lines.append("# \(setting.key) is not set")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value as TOML: digits and true/false bare, anything else quoted; masked when secret.
    static func shown(_ value: String, of setting: ServerSetting) -> String {
        if setting.isSecret { return "\"***\"" }
        if value == "true" || value == "false" || (!value.isEmpty && value.count < 19 && value.allSatisfy(\.isASCIIDigit)) { return value }
        let masked = ConfigurationError.redacted(value)
        let escaped = masked.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
