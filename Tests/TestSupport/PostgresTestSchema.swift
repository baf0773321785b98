import Foundation
import Logging
import StoragePostgres

/// A uniquely named schema on the test server, and the store URL that works in it. Tests
/// that need PostgreSQL each make their own, so they never see another test's rows.
///
/// At most ``PostgresTestSchema/slots`` schemas are in use at once: the suites run in
/// parallel and each store keeps a pool of connections, so this bounds the connections the
/// suite opens at once, whatever the machine's speed.
public struct PostgresTestSchema: Sendable {
    /// The server `TAPLINE_POSTGRES_URL` names (superuser or a user who may create schemas);
    /// nil when it is not set, and the PostgreSQL tests report themselves skipped.
    public static let serverURLFromEnvironment: String? = {
        guard let url = ProcessInfo.processInfo.environment["TAPLINE_POSTGRES_URL"], !url.isEmpty else { return nil }
        return url
    }()

    /// Schemas in use at once across the test process.
    public static let slots = TestSlots(12)
    /// How long a test store may take to connect before it gives up: a watchdog for a
    /// server that is not there, far above the production start's 10 s so that a machine
    /// loaded by a parallel build does not fail a test that would pass.
    public static let connectTimeout: Duration = .seconds(60)

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

    /// Waits for a free slot, then creates the schema.
    public func create() async throws {
        await Self.slots.acquire()
        do {
            try await PostgresStore.administer(url: serverURL, ["CREATE SCHEMA \(name)"], logger: Self.logger)
        } catch {
            await Self.slots.release()
            throw error
        }
    }

    /// Drops the schema in the background: clean-up is synchronous, the server is not.
    /// A test process that ends first leaves the schema behind; ``remove()`` waits.
    public func drop() {
        Task { try? await remove() }
    }

    /// Drops the schema, waits until it is gone, and frees the slot.
    public func remove() async throws {
        do {
            try await PostgresStore.administer(url: serverURL, ["DROP SCHEMA IF EXISTS \(name) CASCADE"], logger: Self.logger)
        } catch {
            await Self.slots.release()
            throw error
        }
        await Self.slots.release()
    }

    /// Warnings and worse only, so test output is not drowned in notices.
    static var logger: Logger {
        var logger = Logger(label: "tapline.tests.postgres")
        logger.logLevel = .warning
        return logger
    }
}

/// A counting semaphore for tests: `acquire` waits while every slot is taken.
public actor TestSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(_ count: Int) {
        free = count
    }

    public func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    public func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
