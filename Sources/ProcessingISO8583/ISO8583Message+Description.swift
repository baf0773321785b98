extension ISO8583Message: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The MTI and every field in order, redacted by ``ISO8583Redaction``, for debug logs:
    /// `0200 2=424242******4242 4="000000001000" 35=<removed, 37 characters>`.
    public var description: String {
        ([mti.rawValue] + fieldNumbers.compactMap { number in
            fields[number].map { "\(number)=\(ISO8583Redaction.render(number, $0))" }
        }).joined(separator: " ")
    }

    public var debugDescription: String { "ISO8583Message(\(description))" }

    /// What `dump` and debuggers see: the redacted fields, never the stored values.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "mti": mti.rawValue,
            "fields": fieldNumbers.map { number in
                "\(number)=\(fields[number].map { ISO8583Redaction.render(number, $0) } ?? "")"
            },
        ], displayStyle: .struct)
    }
}
