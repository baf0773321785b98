import Foundation
import Storage

/// Reads the columns of one row by name, refusing values of the wrong type as corrupt
/// instead of guessing.
package struct SQLRowReader {
    package let row: SQLRow
    /// Names the row's table in errors.
    package let table: String

    package init(_ row: SQLRow, table: String) {
        self.row = row
        self.table = table
    }

    package func text(_ column: String) throws -> String {
        guard let value = try optionalText(column) else { throw missing(column) }
        return value
    }

    package func optionalText(_ column: String) throws -> String? {
        switch try value(column) {
        case .text(let value): return value
        case .null: return nil
        default: throw wrongType(column, "text")
        }
    }

    package func int64(_ column: String) throws -> Int64 {
        guard let value = try optionalInt64(column) else { throw missing(column) }
        return value
    }

    package func optionalInt64(_ column: String) throws -> Int64? {
        switch try value(column) {
        case .integer(let value): return value
        case .null: return nil
        default: throw wrongType(column, "integer")
        }
    }

    package func int(_ column: String) throws -> Int {
        Int(try int64(column))
    }

    package func optionalInt(_ column: String) throws -> Int? {
        try optionalInt64(column).map { Int($0) }
    }

    /// PostgreSQL's BOOLEAN, or SQLite's INTEGER 0 or 1 (SQLite has no boolean type).
    package func bool(_ column: String) throws -> Bool {
        switch try value(column) {
        case .bool(let value): return value
        case .integer(0): return false
        case .integer(1): return true
        case .null: throw missing(column)
        default: throw wrongType(column, "boolean")
        }
    }

    /// ``bool(_:)``, or nil for NULL.
    package func optionalBool(_ column: String) throws -> Bool? {
        if case .null = try value(column) { return nil }
        return try bool(column)
    }

    package func double(_ column: String) throws -> Double {
        switch try value(column) {
        case .float(let value): return value
        case .null: throw missing(column)
        default: throw wrongType(column, "real")
        }
    }

    package func decimal(_ column: String) throws -> Decimal {
        guard let value = try optionalDecimal(column) else { throw missing(column) }
        return value
    }

    package func optionalDecimal(_ column: String) throws -> Decimal? {
        guard let text = try optionalText(column) else { return nil }
        guard let value = StoredEncoding.parseDecimal(text) else { throw wrongType(column, "decimal") }
        return value
    }

    /// A JSON list of decimals written as strings (["15","12.5"]), each parsed exactly.
    package func decimals(_ column: String) throws -> [Decimal] {
        try json([String].self, column).map { text in
            guard let value = StoredEncoding.parseDecimal(text) else { throw wrongType(column, "list of decimals") }
            return value
        }
    }

    package func date(_ column: String) throws -> Date {
        guard let value = try optionalDate(column) else { throw missing(column) }
        return value
    }

    package func optionalDate(_ column: String) throws -> Date? {
        try optionalInt64(column).map(StoredEncoding.date(milliseconds:))
    }

    package func optionalBlob(_ column: String) throws -> Data? {
        switch try value(column) {
        case .bytes(let value): return value
        case .null: return nil
        default: throw wrongType(column, "blob")
        }
    }

    package func json<T: Decodable>(_ type: T.Type, _ column: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(try text(column).utf8))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.corrupt("\(table).\(column) is not valid JSON for \(type)")
        }
    }

    package func optionalJSON<T: Decodable>(_ type: T.Type, _ column: String) throws -> T? {
        guard try optionalText(column) != nil else { return nil }
        return try json(type, column)
    }

    /// A String- or Int-backed enum, refusing unknown raw values.
    package func value<E: RawRepresentable>(_ type: E.Type, _ column: String) throws -> E where E.RawValue == String {
        guard let value = E(rawValue: try text(column)) else { throw wrongType(column, "\(type)") }
        return value
    }

    package func value<E: RawRepresentable>(_ type: E.Type, _ column: String) throws -> E where E.RawValue == Int {
        guard let value = E(rawValue: try int(column)) else { throw wrongType(column, "\(type)") }
        return value
    }

    private func value(_ column: String) throws -> SQLValue {
        guard let value = try row.value(column) else { throw StoreError.corrupt("\(table) has no column \(column)") }
        return value
    }

    private func missing(_ column: String) -> StoreError {
        .corrupt("\(table).\(column) is NULL")
    }

    private func wrongType(_ column: String, _ expected: String) -> StoreError {
        .corrupt("\(table).\(column) is not a valid \(expected)")
    }
}
