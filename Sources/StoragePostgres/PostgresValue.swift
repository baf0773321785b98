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
        value.map { .integer(StoredEncoding.milliseconds($0)) } ?? .null
    }

    static func blob(_ value: Data?) -> PostgresValue {
        value.map { .bytes($0) } ?? .null
    }

    static func decimal(_ value: Decimal?) -> PostgresValue {
        value.map { .text(StoredEncoding.decimalText($0)) } ?? .null
    }

    static func json<T: Encodable>(_ value: T) throws -> PostgresValue {
        .text(try StoredEncoding.jsonText(value))
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
