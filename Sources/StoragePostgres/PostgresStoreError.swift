/// Why a PostgreSQL store could not open.
public enum PostgresStoreError: Error, CustomStringConvertible {
    /// No connection could be made (server down, wrong host or port, refused login) within
    /// the time allowed at start.
    case unreachable(host: String, port: Int, database: String?, after: Duration)

    public var description: String {
        switch self {
        case .unreachable(let host, let port, let database, let after):
            return "could not connect to PostgreSQL at \(host):\(port)/\(database ?? "") within \(after.components.seconds) s; "
                + "is the server running, and are the URL's user, password and database right?"
        }
    }
}
