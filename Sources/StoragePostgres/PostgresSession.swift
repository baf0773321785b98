import Foundation
import PaymentCore
import Logging
import PostgresNIO
import Storage
import StorageSQL

/// One pooled connection as used by one `read` or `write`: runs the shared SQL with bound
/// values and turns PostgreSQL's errors into ``StoreError``s the gateway can act on.
///
/// SQL is written with `?` placeholders, like the SQLite store's, and numbered `$1, $2, …`
/// here; no statement run here has a `?` anywhere else.
///
/// The session is closed when its read or write ends, so a reader or writer kept beyond
/// its closure fails instead of running SQL outside its transaction.
struct PostgresSession: SQLSession {
    let connection: PostgresConnection
    let logger: Logger
    var textSearch: SQLTextSearch { .trigramLike }
    /// The store's record of statements sent (tests), nil outside a store.
    var log: PostgresStatementLog?
    /// How many more statements the session may send, when limited (``PostgresStore/readOne(_:)``:
    /// one statement outside a transaction; a second would not see the same snapshot).
    var statementsLeft: LockedBox<Int>?
    /// Where statements get their named slots; nil runs every statement unnamed.
    var prepared: PostgresPreparedStatements?
    let gate = SQLGate()
    /// Set when the server refused a statement as a serialization failure or a deadlock, so
    /// `write` may run the whole transaction again whatever error the body made of it.
    let conflict = SQLGate(open: false)
    /// What ``send(_:_:subject:)`` sent and no answer waited for has checked yet.
    let sent = PostgresSentStatements()

    /// Several instances write at once: `lockTransaction` holds its row until the write ends,
    /// and workers claiming due deliveries skip the rows another worker holds.
    static let dialect = SQLDialect(
        transactionLock: "FOR UPDATE", deliveryClaim: "FOR UPDATE SKIP LOCKED", shareLock: "FOR SHARE")

    /// Runs one statement and returns its rows. `subject` names the record in errors.
    func rows(_ sql: String, _ binds: [SQLValue], subject: String) async throws -> [SQLRow] {
        guard gate.isOpen else { throw StoreError.unavailable("the read or write this session belonged to has ended") }
        if let statementsLeft, !statementsLeft.withLock({ left in left -= 1; return left >= 0 }) {
            throw StoreError.unavailable("a one-statement read sent a second statement: use read")
        }
        return try await afterSent(try await unguardedRows(sql, binds, subject: subject))
    }

    /// Sends one statement without waiting for its answer: the session's next answer waited
    /// for (a read, the COMMIT) comes after it and checks it first. A keyed sale's writes wait
    /// twice a phase (a read, the COMMIT) rather than at every statement, and each wait is a
    /// hop between the connection's event loop and the request's task. Sent unnamed, as
    /// PostgresNIO's prepared statements are only awaited.
    func send(_ sql: String, _ binds: [SQLValue], subject: String) async throws {
        try send(sql, binds, subject: subject, canAbort: true)
    }

    /// Sends the statement that opens the transaction (`begin`), as ``send(_:_:subject:)``
    /// does; its failure cannot leave a transaction failed, so statements after it stay named.
    func begin(_ begin: String) throws {
        try send(begin, [], subject: "", canAbort: false)
    }

    private func send(_ sql: String, _ binds: [SQLValue], subject: String, canAbort: Bool) throws {
        guard gate.isOpen else { throw StoreError.unavailable("the read or write this session belonged to has ended") }
        guard statementsLeft == nil else { throw StoreError.unavailable("a one-statement read sent a statement without its answer") }
        log?.record(sql, awaited: false)
        let query = PostgresQuery(unsafeSQL: Self.numbered(sql), binds: Self.bindings(binds))
        sent.append(.init(answer: connection.query(query, logger: logger), subject: subject, canAbort: canAbort))
    }

    /// Closes the session, then runs the statement that ends its transaction; a COMMIT's
    /// success is checked against everything sent before it.
    func end(with sql: String) async throws {
        gate.close()
        _ = try await afterSent(try await unguardedRows(sql, [], subject: ""))
    }

    /// `answer`, once everything sent before it answered as it should; otherwise the first
    /// of those that did not (an awaited statement fails anyway in an aborted transaction).
    private func afterSent(_ answer: @autoclosure () async throws -> [SQLRow]) async throws -> [SQLRow] {
        let result: Result<[SQLRow], any Error>
        do { result = .success(try await answer()) } catch { result = .failure(error) }
        try await sent.check(conflict: conflict)
        return try result.get()
    }

    private func unguardedRows(_ sql: String, _ binds: [SQLValue], subject: String) async throws -> [SQLRow] {
        log?.record(sql)
        let numbered = Self.numbered(sql)
        let bindings = Self.bindings(binds)
        let rows: [PostgresRow]
        do {
            // Named only where the transaction cannot have failed before it: PostgresNIO keeps a
            // statement whose first preparation on a connection failed (as every statement
            // does in an aborted transaction) failed for the connection's life.
            if let prepared, sent.isClear, let slot = prepared.slot(sql: numbered, types: PostgresPreparedStatements.types(binds)) {
                rows = try await PreparedSlots.runners[slot](connection, bindings, logger)
            } else {
                rows = try await connection.query(PostgresQuery(unsafeSQL: numbered, binds: bindings), logger: logger).collect()
            }
        } catch let error as PSQLError {
            sent.noteFailure()
            let mapped = Self.storeError(error, subject: subject)
            if case .conflict = mapped { conflict.open() }
            throw mapped.error
        }
        return rows.map(Self.row)
    }

    /// `?` → `$1`, `$2`, … in order. Byte by byte: `?` is ASCII, and walking the text's
    /// characters instead cost some 9 % of the gateway's CPU in a keyed-sale run.
    static func numbered(_ sql: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(sql.utf8.count + 64)
        var number = 0
        for byte in sql.utf8 {
            if byte == UInt8(ascii: "?") {
                number += 1
                result.append(UInt8(ascii: "$"))
                result.append(contentsOf: String(number).utf8)
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    enum Mapped {
        case plain(StoreError)
        case conflict(StoreError)

        var error: StoreError {
            switch self {
            case .plain(let error), .conflict(let error): return error
            }
        }
    }

    static func storeError(_ error: PSQLError, subject: String) -> Mapped {
        let state = error.serverInfo?[.sqlState]
        let message = error.serverInfo?[.message] ?? "\(error.code)"
        switch state {
        case "23505":
            return .plain(.duplicate(subject))
        case "23503":
            // Only merchants, API clients and webhook rows are referenced, and only ever by id:
            // the same error the SQLite store gives.
            return .plain(.notFound("the merchant or API client referenced by \(subject)"))
        case PostgresSchema.overflowState:
            return .plain(.batchTotalsTooLarge)
        case "40001", "40P01":
            return .conflict(.unavailable("PostgreSQL: \(message) (\(state ?? ""))"))
        case .some(let state) where state.hasPrefix("XX"):
            return .plain(.corrupt("PostgreSQL: \(message) (\(state))"))
        case .some(let state):
            return .plain(.unavailable("PostgreSQL: \(message) (\(state))"))
        case nil:
            return .plain(.unavailable("PostgreSQL: \(error.code)"))
        }
    }
}
