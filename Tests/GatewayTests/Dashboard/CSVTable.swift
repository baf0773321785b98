import PaymentCore

/// A CSV file the dashboard sent, read as RFC 4180 (quoted cells, doubled quotes, CRLF), so
/// tests look at cells by column name instead of matching text.
struct CSVTable {
    let header: [String]
    let rows: [[String: String]]

    init(_ text: String) {
        var records: [[String]] = []
        var record: [String] = []
        var cell = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { cell.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    cell.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                record.append(cell)
                cell = ""
            } else if character == "\r\n" || character == "\n" {
                record.append(cell)
                records.append(record)
                record = []
                cell = ""
            } else {
                cell.append(character)
            }
        }
        if !cell.isEmpty || !record.isEmpty { records.append(record + [cell]) }
        header = records.first ?? []
        let names = header
        rows = records.dropFirst().map { values in
            Dictionary(uniqueKeysWithValues: zip(names, values + Array(repeating: "", count: max(0, names.count - values.count))))
        }
    }

    /// The rows whose `column` is `value`.
    func rows(where column: String, is value: String) -> [[String: String]] {
        rows.filter { $0[column] == value }
    }

    /// A decimal cell ("-7.00") in minor units of `currency`, exactly; nil when it is not one.
    static func minorUnits(_ cell: String?, _ currency: Currency = .usd) -> Int64? {
        cell.flatMap { try? Money(parsing: $0, currency: currency).minorUnits }
    }
}
