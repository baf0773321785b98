import Foundation
import SQLiteNIO
import Storage
import StorageSQL
import VaporCSQLite

/// One SQLite connection, driven directly through the SQLite that sqlite-nio vendors
/// (`VaporCSQLite`, its `sqlite_nio_sqlite3_*` functions), so the process links one copy of
/// SQLite: two copies would not see each other's POSIX file locks and could corrupt the file.
///
/// A statement runs on the calling thread (microseconds of CPU), not hopped to a thread pool
/// and back as sqlite-nio does per statement. Prepared statements are kept by SQL text,
/// reset and their bindings cleared after each use. Not thread-safe by itself: its owner
/// (``SQLiteWriter``, ``SQLiteReaders``) lets one task at a time use it.
final class SQLiteHandle: @unchecked Sendable {
    private var database: OpaquePointer?
    private var statements: [String: CachedStatement] = [:]
    /// The SQL of every statement run since ``recordStatements()``; nil when not recording.
    /// Tests count what one request costs the database.
    private(set) var recordedStatements: [String]?
    /// The recorded statements SQLite had to prepare again before running them (a plan that
    /// depends on a bound value does that on every run): each is work on the writer's turn.
    private(set) var recordedReprepares: [String]?

    /// The SQL the mapping writes is a fixed set of texts; a flood of new ones (never expected)
    /// empties the cache instead of growing it without end.
    static let cachedStatementLimit = 512

    private static let initialized: Int32 = sqlite_nio_sqlite3_initialize()

    private init(database: OpaquePointer) {
        self.database = database
    }

    /// Opens `location` (a path, or a `file:` URI) with sqlite-nio's flags: serialized
    /// threading mode, URIs, extended result codes. Blocking: call it off the cooperative pool.
    static func open(location: String, path: String, busyTimeoutMilliseconds: Int) throws -> SQLiteHandle {
        _ = initialized
        var database: OpaquePointer?
        let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        let code = sqlite_nio_sqlite3_open_v2(location, &database, flags, nil)
        guard code == SQLITE_OK, let database else {
            let message = database.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) }
            sqlite_nio_sqlite3_close_v2(database)
            throw SQLiteFailure(code: code, message: message ?? "cannot open \(path)").storeError(subject: path)
        }
        // From the first statement on, a lock held by another process is waited for, bounded.
        sqlite_nio_sqlite3_busy_timeout(database, Int32(busyTimeoutMilliseconds))
        let handle = SQLiteHandle(database: database)
        // SQLite opens any file and finds out on the first read that it is no database; that
        // read is done here, so the error names the file instead of `corrupt("notADatabase")`.
        do {
            _ = try handle.execute("PRAGMA schema_version", [], cached: false)
        } catch let failure as SQLiteFailure {
            handle.close()
            if failure.code & 0xff == SQLITE_NOTADB { throw SQLiteOpenError.notADatabase(path: path) }
            throw failure.storeError(subject: path)
        }
        return handle
    }

    /// True while a transaction is open; false once SQLite rolled one back by itself (a full
    /// disk, an I/O error) or none was begun.
    var inTransaction: Bool {
        sqlite_nio_sqlite3_get_autocommit(database) == 0
    }

    /// Runs one statement through the statement cache; SQLite's errors become ``StoreError``s.
    func rows(_ sql: String, _ binds: [SQLValue], subject: String) throws -> [SQLRow] {
        do {
            return try execute(sql, binds, cached: true).map { cells in SQLRow { cells.value($0) } }
        } catch let failure as SQLiteFailure {
            throw failure.storeError(subject: subject)
        }
    }

    func run(_ sql: String) throws {
        _ = try rows(sql, [], subject: "")
    }

    /// Runs `sql` once without the cache, for tests and diagnostics (raw SQL beside the store's
    /// own; SQLite's serialized mode makes it safe beside a transaction in progress).
    func query(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteCells] {
        try uncached(sql, binds.map(SQLiteSession.value))
    }

    /// A PRAGMA's value (its first column). `name` must be a fixed pragma name, never outside input.
    func pragma(_ name: String) throws -> SQLiteData? {
        try uncached("PRAGMA \(name)", []).first?.first
    }

    private func uncached(_ sql: String, _ binds: [SQLValue]) throws -> [SQLiteCells] {
        do {
            return try execute(sql, binds, cached: false)
        } catch let failure as SQLiteFailure {
            throw failure.storeError(subject: "")
        }
    }

    /// Replaces SQLite's autocheckpoint on this connection: after each commit `checkpointer`
    /// hears how many pages the WAL holds (``SQLiteCheckpointer/walGrew(to:)``). The
    /// checkpointer must outlive the connection.
    func handWALCheckpoints(to checkpointer: SQLiteCheckpointer) {
        let context = Unmanaged.passUnretained(checkpointer).toOpaque()
        sqlite_nio_sqlite3_wal_hook(database, { context, _, _, pages in
            if let context { Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().walGrew(to: Int(pages)) }
            return SQLITE_OK
        }, context)
    }

    /// Makes the next COMMIT fail as SQLite fails one (its commit hook turns it into a
    /// rollback): how tests see a group whose commit failed.
    func failNextCommit() {
        sqlite_nio_sqlite3_commit_hook(database, { _ in 1 }, nil)
    }

    func removeCommitHook() {
        sqlite_nio_sqlite3_commit_hook(database, nil, nil)
    }

    /// Finalizes the cached statements and closes the connection (which checkpoints the WAL
    /// when it is the last one). Blocking.
    func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement.pointer) }
        statements = [:]
        sqlite_nio_sqlite3_close_v2(database)
        database = nil
    }

    /// Starts recording (afresh) the statements this connection runs.
    func recordStatements() {
        recordedStatements = []
        recordedReprepares = []
        // SQLite counts re-preparations from a statement's creation (the migrations' schema
        // changes count too): start each count afresh.
        for statement in statements.values { _ = sqlite_nio_sqlite3_stmt_status(statement.pointer, Int32(SQLITE_STMTSTATUS_REPREPARE), 1) }
    }

    private func execute(_ sql: String, _ binds: [SQLValue], cached: Bool) throws -> [SQLiteCells] {
        guard database != nil else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "the connection is closed") }
        recordedStatements?.append(sql)
        guard let prepared = try prepare(sql, cached: cached) else { return [] }
        let statement = prepared.pointer
        defer {
            if cached {
                if recordedReprepares != nil, sqlite_nio_sqlite3_stmt_status(statement, Int32(SQLITE_STMTSTATUS_REPREPARE), 1) > 0 {
                    recordedReprepares?.append(sql)
                }
                sqlite_nio_sqlite3_reset(statement)
                sqlite_nio_sqlite3_clear_bindings(statement)
            } else {
                sqlite_nio_sqlite3_finalize(statement)
            }
        }
        try bind(binds, to: statement)
        var rows: [SQLiteCells] = []
        var columns = prepared.columns
        while true {
            let code = sqlite_nio_sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(code) }
            let count = Int(sqlite_nio_sqlite3_column_count(statement))
            if columns?.count != count {
                let names = Self.columnNames(statement, count: count)
                columns = names
                if cached { statements[sql]?.columns = names }
            }
            rows.append(SQLiteCells(columns: columns?.names ?? [:], values: (0..<count).map { value(statement, Int32($0)) }))
        }
    }

    /// A statement's column names by position (the first of a repeated name wins); kept with
    /// a cached statement, so a one-row read does not spell its sixty names out again.
    private static func columnNames(_ statement: OpaquePointer, count: Int) -> CachedStatement.Columns {
        var names: [String: Int] = [:]
        for index in (0..<count).reversed() {
            names[String(cString: sqlite_nio_sqlite3_column_name(statement, Int32(index)))] = index
        }
        return CachedStatement.Columns(count: count, names: names)
    }

    private func prepare(_ sql: String, cached: Bool) throws -> CachedStatement? {
        if cached, let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let flags = cached ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite_nio_sqlite3_prepare_v3(database, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK else { throw failure(code) }
        // An empty statement (only a comment) prepares to nothing and runs as nothing.
        guard let statement else { return nil }
        if cached {
            if statements.count >= Self.cachedStatementLimit {
                for old in statements.values { sqlite_nio_sqlite3_finalize(old.pointer) }
                statements = [:]
            }
            statements[sql] = CachedStatement(pointer: statement)
        }
        return CachedStatement(pointer: statement)
    }

    func failure(_ code: Int32) -> SQLiteFailure {
        let extended = code > 0xff ? code : sqlite_nio_sqlite3_extended_errcode(database)
        let message = sqlite_nio_sqlite3_errmsg(database).map { String(cString: $0) } ?? "SQLite error \(code)"
        return SQLiteFailure(code: extended & 0xff == code & 0xff ? extended : code, message: message)
    }
}
