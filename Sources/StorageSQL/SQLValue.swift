import Foundation
import Storage

/// One value bound to a statement or read from a row, in no database's own type: each store
/// turns these into its binds and its cells back into these (see ``SQLSession``).
///
/// Money and counts are integers (minor units), dates integer milliseconds since 1970
/// (exact for millisecond dates, and ordered like the dates), rates exact decimal text,
/// lists and maps JSON text. `float` is only for `merchants.authorization_window`, a
/// duration in seconds; never money or a rate.
package enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case float(Double)
    case text(String)
    /// A flag: PostgreSQL BOOLEAN; SQLite stores it as INTEGER 0 or 1.
    case bool(Bool)
    case bytes(Data)

    package static func text(_ value: String?) -> SQLValue {
        value.map { .text($0) } ?? .null
    }

    package static func integer(_ value: Int64?) -> SQLValue {
        value.map { .integer($0) } ?? .null
    }

    package static func integer(_ value: Int?) -> SQLValue {
        value.map { .integer(Int64($0)) } ?? .null
    }

    package static func flag(_ value: Bool?) -> SQLValue {
        value.map { .bool($0) } ?? .null
    }

    package static func date(_ value: Date?) -> SQLValue {
        value.map { .integer(StoredEncoding.milliseconds($0)) } ?? .null
    }

    package static func blob(_ value: Data?) -> SQLValue {
        value.map { .bytes($0) } ?? .null
    }

    package static func decimal(_ value: Decimal?) -> SQLValue {
        value.map { .text(StoredEncoding.decimalText($0)) } ?? .null
    }

    package static func json<T: Encodable>(_ value: T) throws -> SQLValue {
        .text(try StoredEncoding.jsonText(value))
    }
}
