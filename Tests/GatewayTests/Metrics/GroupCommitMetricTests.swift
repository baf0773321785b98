import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import StorageSQLite
import Testing

/// On SQLite the scrape shows how many writes each COMMIT made durable
/// (`tapline_database_group_commit_size`); the memory store has no such thing.
@Suite("Metrics: SQLite group-commit size")
struct GroupCommitMetricTests {
    @Test func concurrentSalesOnSQLiteAreCountedInGroupCommits() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-groups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await SQLiteStore.open(path: directory.appendingPathComponent("gateway.sqlite").path, logger: Logger(label: "test"))
        var configuration = GatewayConfiguration()
        configuration.webhookWorkerEnabled = false
        let harness = try await GatewayHarness.make(store: store, configuration: configuration)
        try await harness.test { session in
            try await withThrowingTaskGroup(of: Int.self) { sales in
                for index in 0..<8 {
                    sales.addTask { try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 1_000 + Int64(index))).status }
                }
                for try await status in sales { #expect(status == 201) }
            }
            let scrape = PrometheusText(try await session.send(.get, APIPath.metrics).text)
            let commits = try #require(scrape.value("tapline_database_group_commit_size_count"))
            let writes = try #require(scrape.value("tapline_database_group_commit_size_sum"))
            // Each sale is two writes at least (before and after the processor), each in some COMMIT.
            #expect(commits >= 1)
            #expect(writes >= 16)
        }
        try await store.close()
    }
}
