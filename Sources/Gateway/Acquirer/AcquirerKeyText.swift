import Foundation

/// A key of the acquirer link as the configuration gives it: hex digits, from a file or a
/// variable. Read once, here, for the flags and for the acquirers file alike. Errors name the
/// source, never the key.
enum AcquirerKeyText {
    case zonePIN, mac, zoneMaster

    /// The key's hex, uppercased: the file's contents when a file is given, else the key
    /// itself. Each names where it came from, for errors; none echoes the key.
    func read(file: SettingValue?, text: SettingValue?) throws(ConfigurationError) -> String? {
        var source = text?.source ?? ""
        var value = text?.value
        if let file {
            guard let contents = try? String(contentsOfFile: file.value, encoding: .utf8) else {
                throw .invalid("cannot read the \(noun) file \(file.value) (\(file.source))")
            }
            source = "the \(noun) file \(file.value) (\(file.source))"
            value = contents.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let value else { return nil }
        guard lengths.contains(value.count), value.allSatisfy(\.isHexDigit) else {
            throw .invalid("\(source) must be \(rule)")
        }
        return value.uppercased()
    }

    private var noun: String {
        switch self {
        case .zonePIN: "zone PIN key"
        case .mac: "acquirer MAC key"
        case .zoneMaster: "zone master key"
        }
    }

    private var lengths: Set<Int> { self == .mac ? [32] : [32, 48] }

    private var rule: String {
        self == .mac
            ? "32 hex digits (a double-length key: the retail MAC has two keys)"
            : "32 or 48 hex digits (a double- or triple-length key)"
    }
}
