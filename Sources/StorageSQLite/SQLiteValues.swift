import Foundation
import SQLiteNIO
import Storage

/// How Swift values become SQLite values. Money and counts are INTEGER, dates INTEGER
/// milliseconds since 1970 (exact for millisecond dates, and ordered like the dates),
/// lists and maps JSON text.
enum SQLiteValue {
    static func text(_ value: String?) -> SQLiteData {
        value.map { .text($0) } ?? .null
    }

    static func integer(_ value: Int64?) -> SQLiteData {
        value.map { .integer(SQLiteInt64($0)) } ?? .null
    }

    static func integer(_ value: Int?) -> SQLiteData {
        value.map { .integer(SQLiteInt64($0)) } ?? .null
    }

    static func date(_ value: Date?) -> SQLiteData {
        value.map { .integer(SQLiteInt64(StoredEncoding.milliseconds($0))) } ?? .null
    }

    static func blob(_ value: Data?) -> SQLiteData {
        value.flatMap(\.sqliteData) ?? .null
    }

    static func decimal(_ value: Decimal?) -> SQLiteData {
        value.map { .text(StoredEncoding.decimalText($0)) } ?? .null
    }

    static func json<T: Encodable>(_ value: T) throws -> SQLiteData {
        .text(try StoredEncoding.jsonText(value))
    }

}

/// Reads the columns of one row by name, refusing values of the wrong type as corrupt
/// instead of guessing.
struct SQLiteRowReader {
    let row: SQLiteRow
    let table: String

    func text(_ column: String) throws -> String {
        guard let value = try optionalText(column) else { throw missing(column) }
        return value
    }

    func optionalText(_ column: String) throws -> String? {
        switch try data(column) {
        case .text(let value): return value
        case .null: return nil
        default: throw wrongType(column, "text")
        }
    }

    func int64(_ column: String) throws -> Int64 {
        guard let value = try optionalInt64(column) else { throw missing(column) }
        return value
    }

    func optionalInt64(_ column: String) throws -> Int64? {
        switch try data(column) {
        case .integer(let value): return Int64(value)
        case .null: return nil
        default: throw wrongType(column, "integer")
        }
    }

    func int(_ column: String) throws -> Int {
        Int(try int64(column))
    }

    func optionalInt(_ column: String) throws -> Int? {
        try optionalInt64(column).map { Int($0) }
    }

    func bool(_ column: String) throws -> Bool {
        try int64(column) != 0
    }

    func double(_ column: String) throws -> Double {
        guard case .float(let value) = try data(column) else { throw wrongType(column, "real") }
        return value
    }

    func decimal(_ column: String) throws -> Decimal {
        guard let value = try optionalDecimal(column) else { throw missing(column) }
        return value
    }

    func optionalDecimal(_ column: String) throws -> Decimal? {
        guard let text = try optionalText(column) else { return nil }
        guard let value = StoredEncoding.parseDecimal(text) else { throw wrongType(column, "decimal") }
        return value
    }

    /// A JSON list of decimals written as strings (["15","12.5"]), each parsed exactly.
    func decimals(_ column: String) throws -> [Decimal] {
        try json([String].self, column).map { text in
            guard let value = StoredEncoding.parseDecimal(text) else { throw wrongType(column, "list of decimals") }
            return value
        }
    }

    func date(_ column: String) throws -> Date {
        guard let value = try optionalDate(column) else { throw missing(column) }
        return value
    }

    func optionalDate(_ column: String) throws -> Date? {
        try optionalInt64(column).map(StoredEncoding.date(milliseconds:))
    }

    func optionalBlob(_ column: String) throws -> Data? {
        let value = try data(column)
        if case .null = value { return nil }
        guard let data = Data(sqliteData: value) else { throw wrongType(column, "blob") }
        return data
    }

    func json<T: Decodable>(_ type: T.Type, _ column: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(try text(column).utf8))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.corrupt("\(table).\(column) is not valid JSON for \(type)")
        }
    }

    /// A String- or Int-backed enum, refusing unknown raw values.
    func value<E: RawRepresentable>(_ type: E.Type, _ column: String) throws -> E where E.RawValue == String {
        guard let value = E(rawValue: try text(column)) else { throw wrongType(column, "\(type)") }
        return value
    }

    func value<E: RawRepresentable>(_ type: E.Type, _ column: String) throws -> E where E.RawValue == Int {
        guard let value = E(rawValue: try int(column)) else { throw wrongType(column, "\(type)") }
        return value
    }

    private func data(_ column: String) throws -> SQLiteData {
        guard let value = row.column(column) else { throw StoreError.corrupt("\(table) has no column \(column)") }
        return value
    }

    private func missing(_ column: String) -> StoreError {
        .corrupt("\(table).\(column) is NULL")
    }

    private func wrongType(_ column: String, _ expected: String) -> StoreError {
        .corrupt("\(table).\(column) is not a valid \(expected)")
    }
}
