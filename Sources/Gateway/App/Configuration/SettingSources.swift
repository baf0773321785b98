/// Where a setting's value comes from, in order of precedence: the flags, then the
/// environment, then the configuration file. Every resolver asks here, so no setting can
/// take another order (once, `TAPLINE_DATABASE_URL` beat `--database`).
struct SettingSources {
    let flags: [ServerSetting: String]
    let environment: [String: String]
    let file: ConfigurationFile?

    /// The value and where it came from, for errors and `tapline config print`.
    func lookup(_ setting: ServerSetting) -> SettingValue? {
        if setting.hasFlag, let value = flags[setting] { return SettingValue(value: value, source: setting.flag, layer: .flag) }
        if let value = environment[setting.variable] { return SettingValue(value: value, source: setting.variable, layer: .environment) }
        if let file, let value = file.values[setting] {
            return SettingValue(value: value, source: "\(setting.key) in \(file.path)", layer: .file)
        }
        return nil
    }

    subscript(setting: ServerSetting) -> String? { lookup(setting)?.value }

    /// Whether any of `settings` is given anywhere, for refusing settings that do not apply.
    func firstGiven(_ settings: [ServerSetting]) -> SettingValue? {
        settings.lazy.compactMap(lookup).first
    }
}

/// A setting's value and where it came from.
struct SettingValue: Equatable {
    enum Layer: Int, Comparable {
        case flag, environment, file
        static func < (lhs: Layer, rhs: Layer) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let value: String
    /// `--port`, `TAPLINE_PORT` or `port in tapline.toml`.
    let source: String
    let layer: Layer
}
