import Foundation
import Logging
@testable import StoragePostgres

/// A uniquely named schema on the test server, and the store URL that works in it. Tests
/// that need PostgreSQL each make their own, so they never see another test's rows.
public struct PostgresTestSchema: Sendable {
    /// The server `TAPLINE_POSTGRES_URL` names (superuser or a user who may create schemas);
    /// nil when it is not set, and the PostgreSQL tests report themselves skipped.
    public static let serverURLFromEnvironment: String? = {
        guard let url = ProcessInfo.processInfo.environment["TAPLINE_POSTGRES_URL"], !url.isEmpty else { return nil }
        return url
    }()

    public let serverURL: String
    public let name = "tapline_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()

    public init(serverURL: String) {
        self.serverURL = serverURL
    }

    /// The server URL with the schema as the search path: what a store (or `tapline serve
    /// --database-url`) opens to work in this schema only.
    public var url: String {
        serverURL + (serverURL.contains("?") ? "&" : "?") + "search_path=\(name)"
    }

    public func create() async throws {
        try await PostgresStore.administer(url: serverURL, ["CREATE SCHEMA \(name)"], logger: Self.logger)
    }

    /// Drops the schema in the background: clean-up is synchronous, the server is not.
    /// A test process that ends first leaves the schema behind; ``remove()`` waits.
    public func drop() {
        Task { try? await remove() }
    }

    /// Drops the schema and waits until it is gone.
    public func remove() async throws {
        try await PostgresStore.administer(url: serverURL, ["DROP SCHEMA IF EXISTS \(name) CASCADE"], logger: Self.logger)
    }

    /// Warnings and worse only, so test output is not drowned in notices.
    static var logger: Logger {
        var logger = Logger(label: "tapline.tests.postgres")
        logger.logLevel = .warning
        return logger
    }
}
