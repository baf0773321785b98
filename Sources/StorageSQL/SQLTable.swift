import Storage

/// One table and how a record maps onto it: the single place that decides a record's
/// columns, so inserts, updates and selects cannot drift apart, on every SQL store.
///
/// All SQL built here comes from these fixed column names; record values are only ever bound.
/// A new table is one of these (in ``SQLTables``) plus a migration in each store's schema.
struct SQLTable<Record>: Sendable {
    struct Column: Sendable {
        let name: String
        let encode: @Sendable (Record) throws -> SQLValue
    }

    let name: String
    let columns: [Column]
    /// The columns that find a row for an update (its primary key, plus the merchant so an
    /// update can never move a row to another merchant).
    let key: [String]
    let decode: @Sendable (SQLRowReader) throws -> Record

    /// The column list for a SELECT.
    let selection: String
    /// Returns one row when it inserted, none when the key is taken. `ON CONFLICT DO NOTHING`
    /// reports a duplicate without an error: on PostgreSQL an error would abort the whole
    /// transaction, and callers (CardReadLedger) expect to go on writing after a duplicate.
    let insertSQL: String
    /// A plain INSERT: a key taken is the database's error, which aborts a PostgreSQL
    /// transaction, so a write that sends it without waiting never commits without it.
    let sendSQL: String
    let updateSQL: String
    /// The columns an update sets (all but the key), then the key's, in ``updateSQL``'s order.
    private let valueColumns: [Column]
    private let keyColumns: [Column]

    // The SQL is built once per table (the tables are static): every write used to rebuild it.
    init(
        _ name: String, key: [String], columns: [Column],
        decode: @escaping @Sendable (SQLRowReader) throws -> Record
    ) {
        self.name = name
        self.key = key
        self.columns = columns
        self.decode = decode
        let selection = columns.map(\.name).joined(separator: ", ")
        self.selection = selection
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        sendSQL = "INSERT INTO \(name) (\(selection)) VALUES (\(placeholders))"
        insertSQL = sendSQL + " ON CONFLICT DO NOTHING RETURNING 1 AS inserted"
        let valueColumns = columns.filter { !key.contains($0.name) }
        self.valueColumns = valueColumns
        keyColumns = key.map { keyName in
            guard let column = columns.first(where: { $0.name == keyName }) else {
                preconditionFailure("key column \(keyName) is not a column of \(name)")
            }
            return column
        }
        let assignments = valueColumns.map { "\($0.name) = ?" }.joined(separator: ", ")
        let match = key.map { "\($0) = ?" }.joined(separator: " AND ")
        updateSQL = "UPDATE \(name) SET \(assignments) WHERE \(match) RETURNING 1 AS updated"
    }

    func insertBinds(_ record: Record) throws -> [SQLValue] {
        try columns.map { try $0.encode(record) }
    }

    /// Binds for ``updateSQL``: the changing columns, then the key.
    func updateBinds(_ record: Record) throws -> [SQLValue] {
        try (valueColumns + keyColumns).map { try $0.encode(record) }
    }

    /// An UPDATE of only the columns whose values differ from `old`, the row as this write
    /// found it: an index over columns left out is not touched, nor does a trigger `AFTER
    /// UPDATE OF` them run (phase 3 of a sale changed every index of `transactions` with the
    /// full ``updateSQL``). Nil when the key differs, or nothing does (the row is as wanted).
    func changes(from old: Record, to new: Record) throws -> (sql: String, binds: [SQLValue])? {
        let key = try keyColumns.map { try $0.encode(new) }
        guard try keyColumns.map({ try $0.encode(old) }) == key else { return nil }
        var assignments: [String] = []
        var binds: [SQLValue] = []
        for column in valueColumns {
            let value = try column.encode(new)
            if try column.encode(old) != value {
                assignments.append("\(column.name) = ?")
                binds.append(value)
            }
        }
        guard !assignments.isEmpty else { return nil }
        let match = self.key.map { "\($0) = ?" }.joined(separator: " AND ")
        return ("UPDATE \(name) SET \(assignments.joined(separator: ", ")) WHERE \(match) RETURNING 1 AS updated", binds + key)
    }

    func decode(_ row: SQLRow) throws -> Record {
        try decode(SQLRowReader(row, table: name))
    }
}
