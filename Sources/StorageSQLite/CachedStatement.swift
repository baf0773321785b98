/// A prepared statement in ``SQLiteHandle``'s cache, with the names of its result columns
/// once a run returned a row.
struct CachedStatement {
    /// A statement's result columns: how many, and each name's position.
    struct Columns {
        let count: Int
        let names: [String: Int]
    }

    let pointer: OpaquePointer
    var columns: Columns?
}
