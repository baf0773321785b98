import Storage

/// One connection as used by one `read` or `write`, as the shared queries and writes see
/// it. Each store implements it over its own connection: it turns ``SQLValue``s into its
/// binds, `?` placeholders into its own if they differ, its cells back into ``SQLValue``s,
/// and its errors into ``StoreError``s.
///
/// Transactions stay with the store (BEGIN, COMMIT, retries, snapshots); a session only runs
/// statements inside the one its store opened.
package protocol SQLSession: Sendable {
    /// Runs one statement with `?` placeholders bound in order and returns its rows.
    /// `subject` names the record in errors (a duplicate, a missing merchant).
    func rows(_ sql: String, _ binds: [SQLValue], subject: String) async throws -> [SQLRow]
    /// How this store's index finds a search's text.
    var textSearch: SQLTextSearch { get }
    /// Runs one statement whose answer the caller does not read. A store may send it without
    /// waiting and check its answer at the write's next answer (PostgreSQL), so its error may
    /// surface at a later statement of the write or at its COMMIT, still named as its own.
    /// Only for statements whose failure is the database's error, which aborts the write (not
    /// an empty answer, seen after the COMMIT), and which no caller catches an error of.
    func send(_ sql: String, _ binds: [SQLValue], subject: String) async throws
}

extension SQLSession {
    package func rows(_ sql: String, _ binds: [SQLValue] = []) async throws -> [SQLRow] {
        try await rows(sql, binds, subject: "")
    }

    package func run(_ sql: String, _ binds: [SQLValue] = [], subject: String = "") async throws {
        _ = try await rows(sql, binds, subject: subject)
    }

    /// Runs the statement now: a store that answers every statement at once.
    package func send(_ sql: String, _ binds: [SQLValue], subject: String) async throws {
        _ = try await rows(sql, binds, subject: subject)
    }

    /// The reads of a store over this session; a reader never locks rows.
    package func reader() -> any StoreReader {
        SQLReader(session: self)
    }

    /// The reads and writes of a store's write transaction over this session. `committed`
    /// collects `afterCommit` work; the store runs it once its transaction has committed.
    /// `cache`, the store's, spares the write reading merchants it holds current.
    package func writer(_ dialect: SQLDialect, committed: AfterCommit, cache: SQLMerchantCache? = nil) -> any StoreWriter {
        SQLWriter(session: self, dialect: dialect, committed: committed, cache: cache)
    }
}
