import Foundation
import PostgresNIO
import Storage

/// Reads the columns of one row by name, refusing values of the wrong type as corrupt
/// instead of guessing.
struct PostgresRowReader {
    let row: PostgresRandomAccessRow
    let table: String

    func text(_ column: String) throws -> String {
        guard let value = try optionalText(column) else { throw missing(column) }
        return value
    }

    func optionalText(_ column: String) throws -> String? {
        try optional(String.self, column, "text")
    }

    func int64(_ column: String) throws -> Int64 {
        guard let value = try optionalInt64(column) else { throw missing(column) }
        return value
    }

    func optionalInt64(_ column: String) throws -> Int64? {
        try optional(Int64.self, column, "integer")
    }

    func int(_ column: String) throws -> Int {
        Int(try int64(column))
    }

    func optionalInt(_ column: String) throws -> Int? {
        try optionalInt64(column).map { Int($0) }
    }

    func bool(_ column: String) throws -> Bool {
        guard let value = try optional(Bool.self, column, "boolean") else { throw missing(column) }
        return value
    }

    func double(_ column: String) throws -> Double {
        guard let value = try optional(Double.self, column, "double precision") else { throw missing(column) }
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
        try optional(ByteBuffer.self, column, "bytea").map { Data($0.readableBytesView) }
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

    private func optional<T: PostgresDecodable>(_ type: T.Type, _ column: String, _ expected: String) throws -> T? {
        guard row.contains(column) else { throw StoreError.corrupt("\(table) has no column \(column)") }
        let cell = row[column]
        guard cell.bytes != nil else { return nil }
        do {
            return try cell.decode(T.self, context: .default)
        } catch {
            throw wrongType(column, expected)
        }
    }

    private func missing(_ column: String) -> StoreError {
        .corrupt("\(table).\(column) is NULL")
    }

    private func wrongType(_ column: String, _ expected: String) -> StoreError {
        .corrupt("\(table).\(column) is not a valid \(expected)")
    }
}
