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

    init(
        _ name: String, key: [String], columns: [Column],
        decode: @escaping @Sendable (SQLRowReader) throws -> Record
    ) {
        self.name = name
        self.key = key
        self.columns = columns
        self.decode = decode
    }

    /// The column list for a SELECT.
    var selection: String {
        columns.map(\.name).joined(separator: ", ")
    }

    /// Returns one row when it inserted, none when the key is taken. `ON CONFLICT DO NOTHING`
    /// reports a duplicate without an error: on PostgreSQL an error would abort the whole
    /// transaction, and callers (CardReadLedger) expect to go on writing after a duplicate.
    var insertSQL: String {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO \(name) (\(selection)) VALUES (\(placeholders)) ON CONFLICT DO NOTHING RETURNING 1 AS inserted"
    }

    var updateSQL: String {
        let assignments = valueColumns.map { "\($0.name) = ?" }.joined(separator: ", ")
        let match = key.map { "\($0) = ?" }.joined(separator: " AND ")
        return "UPDATE \(name) SET \(assignments) WHERE \(match) RETURNING 1 AS updated"
    }

    func insertBinds(_ record: Record) throws -> [SQLValue] {
        try columns.map { try $0.encode(record) }
    }

    /// Binds for ``updateSQL``: the changing columns, then the key.
    func updateBinds(_ record: Record) throws -> [SQLValue] {
        let keyColumns = try key.map { name in
            guard let column = columns.first(where: { $0.name == name }) else {
                preconditionFailure("key column \(name) is not a column of \(self.name)")
            }
            return try column.encode(record)
        }
        return try valueColumns.map { try $0.encode(record) } + keyColumns
    }

    func decode(_ row: SQLRow) throws -> Record {
        try decode(SQLRowReader(row, table: name))
    }

    private var valueColumns: [Column] {
        columns.filter { !key.contains($0.name) }
    }
}
