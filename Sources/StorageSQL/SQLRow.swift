/// One row as a store read it: each column's value by name. A value is converted from the
/// store's own cell when it is read, as each store did before sharing this, so a column
/// nobody reads (the VOID of `SELECT pg_advisory_xact_lock(…)`) never fails its statement.
package struct SQLRow: Sendable {
    private let lookup: @Sendable (String) throws -> SQLValue?

    /// `lookup` gives nil when the row has no such column, and throws when the column's value
    /// is of a type the store does not read.
    package init(lookup: @escaping @Sendable (String) throws -> SQLValue?) {
        self.lookup = lookup
    }

    package init(_ values: [String: SQLValue]) {
        self.init { values[$0] }
    }

    /// The column's value; nil when the row has no such column.
    package func value(_ column: String) throws -> SQLValue? {
        try lookup(column)
    }
}
