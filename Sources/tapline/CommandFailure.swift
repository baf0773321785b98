import StorageSQLite

/// A command stopped for a reason the operator can fix. ArgumentParser prints it as
/// `Error: <description>` on standard error and exits with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    /// `error` from opening the database, said in plain words with what to do; any other
    /// error is passed on as it is. SQLite itself would only say `cantOpen`.
    static func database(_ error: any Error) -> any Error {
        switch error as? SQLiteOpenError {
        case .missingDatabase(let path)?:
            return CommandFailure(description: """
                there is no Tapline database at \(path); tapline serve creates it on its first start. \
                Run tapline serve first, or name the database it uses with --database (or TAPLINE_DATABASE; \
                --database-url for PostgreSQL)
                """)
        case .missingFolder(let folder, let path)?:
            return CommandFailure(description: """
                the folder \(folder) does not exist, so there can be no database \(path) in it; create the folder, \
                or choose another file with --database (or TAPLINE_DATABASE)
                """)
        case .notADatabase(let path)?:
            return CommandFailure(description: """
                the file \(path) is not an SQLite database (not one Tapline made, or damaged); \
                name the gateway's database with --database (or TAPLINE_DATABASE), or move the file away \
                and tapline serve creates a new one there
                """)
        case nil:
            return error
        }
    }
}
