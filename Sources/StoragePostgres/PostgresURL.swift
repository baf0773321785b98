import Foundation
import PostgresNIO
import Storage

/// What a `postgres://user:pass@host:port/db?sslmode=…` URL says, parsed without a server.
///
/// `sslmode=require` encrypts without checking the server's certificate (as libpq does);
/// `verify-full` checks the certificate and the host name; `disable` or no `sslmode` means
/// no TLS. `search_path=<schema>` makes the store work in that schema instead of `public`
/// (tests use it to give every store an empty schema of its own). `prepared_statements=off`
/// runs every statement unnamed, for a pooler that hands each transaction another server
/// connection (PgBouncer's transaction mode before 1.21), which named statements do not survive.
struct PostgresURL: Equatable, Sendable {
    enum TLSMode: String, Equatable, Sendable {
        case disable
        case require
        case verifyFull = "verify-full"
    }

    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String?
    var tlsMode: TLSMode
    var searchPath: String?
    /// Whether statements run as named prepared statements (``PostgresPreparedStatements``).
    var preparesStatements = true

    init(_ text: String) throws {
        guard let components = URLComponents(string: text),
              components.scheme == "postgres" || components.scheme == "postgresql"
        else { throw StoreError.unavailable("the database URL must start with postgres://") }
        guard let host = components.host, !host.isEmpty else {
            throw StoreError.unavailable("the database URL has no host")
        }
        guard let user = components.user, !user.isEmpty else {
            throw StoreError.unavailable("the database URL has no user name")
        }
        self.host = host
        port = components.port ?? 5432
        // URLComponents' `user`/`password` are percent-decoded already.
        username = user
        password = components.password
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? nil : path
        let items = components.queryItems ?? []
        let mode = items.last { $0.name == "sslmode" }?.value ?? TLSMode.disable.rawValue
        guard let tlsMode = TLSMode(rawValue: mode) else {
            throw StoreError.unavailable("sslmode \(mode) is not supported: use disable, require or verify-full")
        }
        self.tlsMode = tlsMode
        searchPath = items.last { $0.name == "search_path" }?.value
        switch items.last(where: { $0.name == "prepared_statements" })?.value {
        case nil, "on": preparesStatements = true
        case "off": preparesStatements = false
        case let other?: throw StoreError.unavailable("prepared_statements=\(other) is not supported: use on or off")
        }
    }

    /// The client configuration: TLS as `sslmode` says, at most `poolSize` connections.
    func configuration(poolSize: Int) throws -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: try tls())
        configuration.options.maximumConnections = max(1, poolSize)
        // The application name shows in pg_stat_activity; it names the schema when there is one.
        configuration.options.additionalStartupParameters = [("application_name", searchPath.map { "tapline/\($0)" } ?? "tapline")]
        if let searchPath {
            configuration.options.additionalStartupParameters.append(("search_path", searchPath))
        }
        return configuration
    }

    func tls() throws -> PostgresClient.Configuration.TLS {
        switch tlsMode {
        case .disable:
            return .disable
        case .require:
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.certificateVerification = .none
            return .require(tls)
        case .verifyFull:
            // postgres-nio checks the certificate against the URL's host name (unless it is an IP).
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.certificateVerification = .fullVerification
            return .require(tls)
        }
    }
}
