import Foundation
import TOMLKit

/// The configuration file (`tapline serve --config tapline.toml`): one TOML table of
/// settings by their file keys (``ServerSetting/key``), as strings, whole numbers or
/// true/false. A key that is not a setting is refused, naming it, never ignored; so is a
/// secret value itself (the file names the secret's own file instead).
struct ConfigurationFile: Sendable {
    let path: String
    let values: [ServerSetting: String]

    static func read(path: String, source: String) throws(ConfigurationError) -> ConfigurationFile {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .invalid("cannot read the configuration file \(path) (\(source))")
        }
        return try parse(text, path: path)
    }

    static func parse(_ text: String, path: String) throws(ConfigurationError) -> ConfigurationFile {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .invalid("the configuration file \(path) is not TOML: \(error.description) at line \(error.source.begin.line)")
        } catch {
            throw .invalid("the configuration file \(path) is not TOML: \(error)")
        }
        var values: [ServerSetting: String] = [:]
        // Every bad key is named, one line each, so one edit fixes them all.
        var problems: [String] = []
        for key in root.keys.sorted() {
            guard let setting = ServerSetting.named(key), setting.inFile else {
                problems.append(unknown(key, path: path))
                continue
            }
            guard let value = root[key], let text = Self.text(value) else {
                problems.append("the configuration file \(path): \(key) must be a string in quotes, a whole number or true/false")
                continue
            }
            values[setting] = text
        }
        guard problems.isEmpty else { throw .invalid(problems.joined(separator: "\n")) }
        return ConfigurationFile(path: path, values: values)
    }

    /// A string, a whole number or a boolean as the text a flag would carry.
    private static func text(_ value: any TOMLValueConvertible) -> String? {
        if let text = value.string { return text }
        if let number = value.int { return String(number) }
        if let flag = value.bool { return flag ? "true" : "false" }
        return nil
    }

    private static func unknown(_ key: String, path: String) -> String {
        let shown = String(key.prefix(64))
        if let setting = ServerSetting.named(key) {
            // A secret itself, or the file naming another file.
            let instead = ServerSetting.named(key + "-file").map { ": give \($0.key) (a file holding it) instead" } ?? ""
            return "the configuration file \(path): \(setting.key) cannot be set in the file\(instead)"
        }
        return "the configuration file \(path): '\(shown)' is not a setting (the settings and their file keys: tapline config table, "
            + "or the README's Configuration table)"
    }
}
