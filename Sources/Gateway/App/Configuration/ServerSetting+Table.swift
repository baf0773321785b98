extension ServerSetting {
    /// The README's settings table (between its `settings-table` markers), made from
    /// ``all``; a test keeps the README equal to it, and `tapline config table` prints it.
    public static func markdownTable() -> String {
        var lines = ["| flag | environment | file key | default | what it is |", "|---|---|---|---|---|"]
        for setting in all {
            let flag = setting.hasFlag ? "`\(setting.flag)`" : ""
            let key = setting.inFile ? "`\(setting.key)`" : ""
            let defaultValue = setting.defaultValue.map { "`\($0)`" } ?? ""
            let about = setting.about.replacingOccurrences(of: "|", with: "\\|")
            lines.append("| \(flag) | `\(setting.variable)` | \(key) | \(defaultValue) | \(about) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
