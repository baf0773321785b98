import Foundation
import Logging
@testable import StoragePostgres

/// A uniquely named schema on the test server, and the store URL that works in it.
///
/// At most ``PostgresTestSchema/slots`` schemas are in use at once: the suites run in
/// parallel, each store keeps a pool of connections, and a fast machine would otherwise open
/// more than the server's `max_connections` and fail tests that are not at fault.
public struct PostgresTestSchema: Sendable {
    public let serverURL: String
    public let name = "tapline_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()

    /// Schemas in use at once across the test process.
    public static let slots = TestSlots(12)

    public init(serverURL: String) {
        self.serverURL = serverURL
    }

    public var url: String {
        serverURL + (serverURL.contains("?") ? "&" : "?") + "search_path=\(name)"
    }

    /// Waits for a free slot, then creates the schema.
    public func create() async throws {
        await Self.slots.acquire()
        do {
            try await PostgresStore.administer(url: serverURL, ["CREATE SCHEMA \(name)"], logger: Self.quiet)
        } catch {
            await Self.slots.release()
            throw error
        }
    }

    /// Drops the schema in the background (clean-up is synchronous, the server is not), then
    /// frees the slot.
    public func drop() {
        Task { [serverURL, name] in
            try? await PostgresStore.administer(url: serverURL, ["DROP SCHEMA IF EXISTS \(name) CASCADE"], logger: Self.quiet)
            await Self.slots.release()
        }
    }

    private static var quiet: Logger {
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
