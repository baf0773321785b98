import Foundation
import PostgresNIO
import Storage

/// A value bound to a statement. Money and counts are BIGINT, dates BIGINT milliseconds
/// since 1970 (exact for millisecond dates, ordered like the dates, and the same numbers
/// the SQLite store keeps), flags BOOLEAN, bytes BYTEA, lists and maps JSON text.
enum PostgresValue: Sendable {
    case text(String)
    case integer(Int64)
    case float(Double)
    case bool(Bool)
    case bytes(Data)
    case null

    static func text(_ value: String?) -> PostgresValue {
        value.map { .text($0) } ?? .null
    }

    static func integer(_ value: Int64?) -> PostgresValue {
        value.map { .integer($0) } ?? .null
    }

    static func integer(_ value: Int?) -> PostgresValue {
        value.map { .integer(Int64($0)) } ?? .null
    }

    static func date(_ value: Date?) -> PostgresValue {
        value.map { .integer(milliseconds($0)) } ?? .null
    }

    static func blob(_ value: Data?) -> PostgresValue {
        value.map { .bytes($0) } ?? .null
    }

    /// Rates are TEXT holding the exact decimal ("3.333"), never a float type.
    static func decimal(_ value: Decimal?) -> PostgresValue {
        value.map { .text($0.description) } ?? .null
    }

    /// A decimal written by ``decimal(_:)``: "-"? digits ("." digits)?, nothing else.
    static func parseDecimal(_ text: String) -> Decimal? {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    static func json<T: Encodable>(_ value: T) throws -> PostgresValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// Binds the values in order, for a statement whose placeholders are `$1`, `$2`, …
    static func bindings(_ values: [PostgresValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .text(let text): bindings.append(text)
            case .integer(let integer): bindings.append(integer)
            case .float(let double): bindings.append(double)
            case .bool(let flag): bindings.append(flag)
            case .bytes(let data): bindings.append(ByteBuffer(bytes: data))
            case .null: bindings.appendNull()
            }
        }
        return bindings
    }
}
