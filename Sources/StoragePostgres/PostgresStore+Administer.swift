import Logging
import PostgresNIO

extension PostgresStore {
    /// Runs `statements` in order on one connection to `url`'s database, outside any store
    /// and without migrating: tests create and drop the schema a store works in.
    package static func administer(url: String, _ statements: [String], logger: Logger) async throws {
        var parsed = try PostgresURL(url)
        parsed.searchPath = nil
        let client = PostgresClient(configuration: try parsed.configuration(poolSize: 1), backgroundLogger: logger)
        let running = startRunning(client)
        defer { running.cancel() }
        try await client.withConnection { connection in
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }
}
