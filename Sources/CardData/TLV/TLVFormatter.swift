/// Renders TLV objects for people: hex values, names, and redaction of sensitive tags.
enum TLVFormatter {
    static func lines(for items: [TLV], indent: String = "") -> [String] {
        var lines: [String] = []
        for item in items {
            let label = item.tag.name.map { "\(item.tag) \($0)" } ?? item.tag.description
            switch item.value {
            case .primitive:
                lines.append("\(indent)\(label): \(valueText(of: item))")
            case .constructed where item.tag.isSensitive:
                // Children of a sensitive tag are redacted wholesale: their own tags may
                // not be sensitive, but what they hold is.
                lines.append("\(indent)\(label): \(valueText(of: item))")
            case .constructed(let children):
                lines.append("\(indent)\(label)")
                lines.append(contentsOf: Self.lines(for: children, indent: indent + "  "))
            }
        }
        return lines
    }

    static func valueText(of item: TLV) -> String {
        switch item.value {
        case .primitive(let bytes):
            return item.tag.isSensitive ? "<redacted \(bytes.count) bytes>" : Hex.string(bytes)
        case .constructed(let children):
            return item.tag.isSensitive ? "<redacted \(children.count) objects>" : "<\(children.count) objects>"
        }
    }
}
