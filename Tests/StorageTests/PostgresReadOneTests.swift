import Foundation
import Storage
@testable import StoragePostgres
import Testing
import TestSupport

/// `readOne` on PostgreSQL: one statement, no transaction around it; a second is refused.
@Suite("PostgreSQL store: a one-statement read", .enabled(if: StoreFactories.postgresURL != nil, "TAPLINE_POSTGRES_URL is not set"))
struct PostgresReadOneTests {
    let serverURL = StoreFactories.postgresURL ?? ""

    @Test func itSendsItsStatementAloneAndRefusesASecond() async throws {
        let schema = PostgresTestSchema(serverURL: serverURL)
        try await schema.create()
        defer { schema.drop() }
        let store = try await PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await store.seed()
        let sent = try await store.statementLog.recording {
            let merchants = try await store.readOne { try await $0.merchants() }
            #expect(merchants.count == 2)
        }
        #expect(sent.count == 1)
        #expect(sent.first?.hasPrefix("SELECT") == true)
        let twice = try await store.statementLog.recording {
            await #expect(throws: StoreError.self) {
                _ = try await store.readOne { reader in
                    _ = try await reader.merchants()
                    return try await reader.merchants()
                }
            }
        }
        #expect(twice.count == 1)
        // The same through `read`: a snapshot, so BEGIN and COMMIT around it.
        let read = try await store.statementLog.recording { _ = try await store.read { try await $0.merchants() } }
        #expect(read.count == 3)
        try await store.close()
    }
}
