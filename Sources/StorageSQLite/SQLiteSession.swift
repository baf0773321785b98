import Foundation
import SQLiteNIO
import Storage
import StorageSQL

/// One connection as used by one `read` or one write body: runs the shared SQL with bound
/// values on the calling task (``SQLiteHandle``) and turns SQLite's errors into
/// ``StoreError``s the gateway can act on.
///
/// The session is closed when its read or write body ends, so a reader or writer kept beyond
/// its closure fails instead of running SQL outside its transaction and turn.
///
/// Its static functions run SQL on a sqlite-nio connection instead: what the backup and the
/// restore use, on the same linked SQLite.
struct SQLiteSession: SQLSession {
    let handle: SQLiteHandle
    let gate = SQLGate()
    var textSearch: SQLTextSearch { .fts5 }

    /// SQLite's single writer already excludes every other writer, so nothing locks rows.
    static let dialect = SQLDialect(transactionLock: nil, deliveryClaim: nil, shareLock: nil)

    /// Runs one statement and returns its rows. `subject` names the record in errors.
    func rows(_ sql: String, _ binds: [SQLValue], subject: String) async throws -> [SQLRow] {
        guard gate.isOpen else { throw StoreError.unavailable("the read or write this session belonged to has ended") }
        return try handle.rows(sql, binds, subject: subject)
    }

    /// Ends the session: its reader or writer fails from now on.
    func close() {
        gate.close()
    }

    /// Runs one statement on a sqlite-nio connection (backup, restore).
    static func rows(_ sql: String, _ binds: [SQLValue], on connection: SQLiteConnection, subject: String) async throws -> [SQLRow] {
        try await native(sql, binds.map(Self.data), on: connection, subject: subject).map(Self.row)
    }

    /// Runs one statement with SQLite's own values, for PRAGMAs.
    static func native(_ sql: String, _ binds: [SQLiteData], on connection: SQLiteConnection, subject: String) async throws -> [SQLiteRow] {
        do {
            return try await connection.query(sql, binds)
        } catch let error as SQLiteError {
            throw storeError(error, subject: subject)
        }
    }

    /// SQLite has no boolean: a flag is INTEGER 0 or 1.
    static func data(_ value: SQLValue) -> SQLiteData {
        switch value {
        case .null: return .null
        case .integer(let integer): return .integer(SQLiteInt64(integer))
        case .float(let double): return .float(double)
        case .text(let text): return .text(text)
        case .bool(let flag): return .integer(flag ? 1 : 0)
        case .bytes(let bytes): return bytes.sqliteData ?? .null
        }
    }

    static func row(_ row: SQLiteRow) -> SQLRow {
        SQLRow { name in row.column(name).map(value) }
    }

    static func value(_ data: SQLiteData) -> SQLValue {
        switch data {
        case .null: return .null
        case .integer(let integer): return .integer(Int64(integer))
        case .float(let double): return .float(double)
        case .text(let text): return .text(text)
        case .blob: return Data(sqliteData: data).map(SQLValue.bytes) ?? .null
        }
    }

    static func storeError(_ error: SQLiteError, subject: String) -> StoreError {
        switch error.reason {
        case .constraintPrimaryKeyFailed, .constraintUniqueFailed, .constraintUniqueRowIDFailed:
            return .duplicate(subject)
        case .constraintForeignKeyFailed:
            // Only merchants and API clients are referenced, and only ever by id.
            return .notFound("the merchant or API client referenced by \(subject)")
        case .corrupt, .corruptIndex, .corruptSequenceSchema, .corruptVirtualTable, .notADatabase:
            return .corrupt(error.description)
        default:
            return .unavailable(error.description)
        }
    }
}
