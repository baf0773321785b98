import TOMLKit

/// Reads the keys of one TOML table by type, remembering which were read, so that
/// ``finish()`` can refuse the one a user misspelled instead of ignoring it. Errors name
/// `place` (the file and the table) and the key.
struct TOMLKeys {
    let table: TOMLTable
    let place: String
    private var read: Set<String> = []

    init(table: TOMLTable, place: String) {
        self.table = table
        self.place = place
    }

    mutating func string(_ key: String) throws(ConfigurationError) -> String? {
        guard let value = take(key) else { return nil }
        guard let text = value.string else { throw wrongType(key, "a string in quotes") }
        return text
    }

    mutating func int(_ key: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let value = take(key) else { return nil }
        guard let number = value.int, range.contains(number) else {
            throw wrongType(key, "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    mutating func strings(_ key: String) throws(ConfigurationError) -> [String]? {
        guard let value = take(key) else { return nil }
        guard let array = value.array else { throw wrongType(key, "a list of strings, as [\"a\", \"b\"]") }
        var texts: [String] = []
        for element in array {
            guard let text = element.string else { throw wrongType(key, "a list of strings, as [\"a\", \"b\"]") }
            texts.append(text)
        }
        return texts
    }

    mutating func table(_ key: String) throws(ConfigurationError) -> TOMLTable? {
        guard let value = take(key) else { return nil }
        guard let table = value.table else { throw wrongType(key, "a table, as [\(key).NAME]") }
        return table
    }

    mutating func array(_ key: String) throws(ConfigurationError) -> [TOMLTable] {
        guard let value = take(key) else { return [] }
        guard let array = value.array else { throw wrongType(key, "a list of tables, as [[\(key)]]") }
        var tables: [TOMLTable] = []
        for element in array {
            guard let table = element.table else { throw wrongType(key, "a list of tables, as [[\(key)]]") }
            tables.append(table)
        }
        return tables
    }

    /// Refuses the first key nobody read.
    func finish() throws(ConfigurationError) {
        if let unknown = table.keys.sorted().first(where: { !read.contains($0) }) {
            throw .invalid("\(place): '\(unknown.prefix(64))' is not a setting here (settings: \(read.sorted().joined(separator: ", ")))")
        }
    }

    private mutating func take(_ key: String) -> (any TOMLValueConvertible)? {
        read.insert(key)
        return table[key]
    }

    private func wrongType(_ key: String, _ expected: String) -> ConfigurationError {
        .invalid("\(place): \(key) must be \(expected)")
    }
}
