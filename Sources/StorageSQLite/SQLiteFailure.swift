import Foundation
import SQLiteNIO
import Storage
import StorageSQL
import VaporCSQLite

/// An error code and message from ``SQLiteHandle``, before it becomes a ``StoreError``.
struct SQLiteFailure: Error, CustomStringConvertible {
    /// SQLite's extended result code (its low byte is the primary code).
    let code: Int32
    let message: String

    var description: String { "\(message) (SQLite result code \(code))" }

    // Extended result codes: Swift does not import SQLite's macros built with `|` and `<<`.
    static let primaryKeyFailed = SQLITE_CONSTRAINT | (6 << 8)
    static let uniqueFailed = SQLITE_CONSTRAINT | (8 << 8)
    static let rowIDFailed = SQLITE_CONSTRAINT | (10 << 8)
    static let foreignKeyFailed = SQLITE_CONSTRAINT | (3 << 8)
    static let triggerFailed = SQLITE_CONSTRAINT | (7 << 8)

    /// The error the gateway can act on; `subject` names the record (a duplicate, a missing merchant).
    func storeError(subject: String) -> StoreError {
        switch code {
        case Self.primaryKeyFailed, Self.uniqueFailed, Self.rowIDFailed:
            return .duplicate(subject)
        case Self.triggerFailed where message.contains(SQLBatchTotalsMigration.overflowMessage):
            return .batchTotalsTooLarge
        case Self.foreignKeyFailed:
            // Only merchants and API clients are referenced, and only ever by id.
            return .notFound("the merchant or API client referenced by \(subject)")
        default:
            let primary = code & 0xff
            if primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB { return .corrupt(description) }
            return .unavailable(description)
        }
    }
}

/// One row as ``SQLiteHandle`` read it: its cells by column name (the first column of a name
/// wins) and in order.
struct SQLiteCells: Sendable {
    let columns: [String: Int]
    let values: [SQLValue]

    func value(_ column: String) -> SQLValue? {
        columns[column].map { values[$0] }
    }

    /// A cell as sqlite-nio's value, for tests' raw SQL.
    func column(_ name: String) -> SQLiteData? {
        value(name).map(SQLiteSession.data)
    }

    /// The first column's value (a PRAGMA's answer).
    var first: SQLiteData? {
        values.first.map(SQLiteSession.data)
    }
}
