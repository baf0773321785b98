/// One setting of `tapline serve`: its flag, environment variable and key in the
/// configuration file, documented once, here. `--help`, the README's settings table and
/// `tapline config print` are all made from ``ServerSetting/all``, so they cannot drift apart.
///
/// Precedence, for every setting: the flag, then the environment, then the configuration file
/// (`--config`), then the default (``SettingSources``).
public struct ServerSetting: Sendable, Hashable, CustomStringConvertible {
    /// The key in the configuration file; the flag is `--` and the key.
    public let key: String
    /// The environment variable.
    public let variable: String
    /// Whether `tapline serve` takes it as a flag (a few are set only in the environment or the file).
    public let hasFlag: Bool
    /// Whether the configuration file may hold it. A secret value itself (a key) is never in
    /// the file: the file names the key's own file instead.
    public let inFile: Bool
    /// Masked by `tapline config print`.
    public let isSecret: Bool
    /// The default as `config print` shows it; nil when there is none.
    public let defaultValue: String?
    /// What it is, the allowed values, and what the default means.
    public let about: String

    init(
        _ key: String, _ variable: String, flag: Bool = true, file: Bool = true, secret: Bool = false,
        default defaultValue: String? = nil, _ about: String
    ) {
        self.key = key
        self.variable = variable
        self.hasFlag = flag
        self.inFile = file
        self.isSecret = secret
        self.defaultValue = defaultValue
        self.about = about
    }

    /// `--key`.
    public var flag: String { "--" + key }

    /// The text `tapline serve --help` shows for its flag.
    public var help: String {
        var places = ["env \(variable)"]
        if inFile { places.append("file key \(key)") }
        if let defaultValue { places.append("default \(defaultValue)") }
        return "\(about) (\(places.joined(separator: ", ")))."
    }

    public var description: String { key }

    public static func == (lhs: ServerSetting, rhs: ServerSetting) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
