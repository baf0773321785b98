import Foundation
import SQLiteNIO
import Storage

/// One connection as used by one `read` or `write`: runs SQL with bound values and turns
/// SQLite's errors into ``StoreError``s the gateway can act on.
///
/// The session is closed when its read or write ends, so a reader or writer kept beyond
/// its closure fails instead of running SQL outside the transaction and the lock.
struct SQLiteSession: Sendable {
    let connection: SQLiteConnection
    let gate = SQLiteGate()

    /// Runs one statement and returns its rows. `subject` names the record in errors.
    func rows(_ sql: String, _ binds: [SQLiteData] = [], subject: String = "") async throws -> [SQLiteRow] {
        guard gate.isOpen else { throw StoreError.unavailable("the read or write this session belonged to has ended") }
        return try await Self.rows(sql, binds, on: connection, subject: subject)
    }

    func run(_ sql: String, _ binds: [SQLiteData] = [], subject: String = "") async throws {
        _ = try await rows(sql, binds, subject: subject)
    }

    /// Closes the session, then runs the statement that ends its transaction.
    func end(with sql: String) async throws {
        gate.close()
        _ = try await Self.rows(sql, [], on: connection, subject: "")
    }

    static func rows(_ sql: String, _ binds: [SQLiteData], on connection: SQLiteConnection, subject: String) async throws -> [SQLiteRow] {
        do {
            return try await connection.query(sql, binds)
        } catch let error as SQLiteError {
            throw storeError(error, subject: subject)
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

/// An open/closed flag shared by concurrent tasks.
final class SQLiteGate: @unchecked Sendable {
    private let lock = NSLock()
    private var open = true

    var isOpen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return open
    }

    /// Closes the gate; true when this call closed it.
    @discardableResult
    func close() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { open = false }
        return open
    }
}
