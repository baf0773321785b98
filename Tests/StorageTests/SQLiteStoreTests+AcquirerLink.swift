import Foundation
import PaymentCore
import SQLiteNIO
import Storage
@testable import StorageSQLite
import Testing
import TestSupport

/// What the acquirer link keeps, in SQLite: migrations 11 on over a database that has rows,
/// and what must survive closing the file.
extension SQLiteStoreTests {
    @Test func aVersionTenDatabaseKeepsItsRowsWithNoTraceAndNoAcquirerIds() async throws {
        try await withDatabase { file in
            try await withStore(file, migrations: SQLiteSchema.migrations.filter { $0.version <= 10 }) { store in
                try await store.insertVersionTenPayment(id: "t_old")
            }
            try await withStore(file) { store in
                #expect(try await store.appliedMigrations().map(\.version) == SQLiteSchema.migrations.map(\.version))
                let old = try #require(try await store.transaction(id: "t_old", merchantId: "m_old"))
                #expect(old.processorResult == ProcessorResult(responseCode: "00", message: "Approved", reference: "ref-1"))
                #expect(old.processorTrace == nil)
                let merchant = try #require(try await store.read { try await $0.merchant(id: "m_old") })
                #expect(merchant.paymentSettings.acquirerMerchantId == nil)
                #expect(merchant.paymentSettings.acquirerTerminalId == nil)
            }
        }
    }
}

extension SQLiteStore {
    /// A merchant and an approved sale as migration 10 had them (the store itself writes the
    /// newest schema only, so the rows go in as SQL of their time).
    func insertVersionTenPayment(id: String) async throws {
        _ = try await writeConnection.query(
            "INSERT INTO merchants (id, name, authorization_window, created_at) VALUES ('m_old', 'Old', 604800.0, 1750000000000)")
        _ = try await writeConnection.query("""
            INSERT INTO transactions (id, merchant_id, type, status, currency, amount, authorized_amount, captured_amount,
                refunded_amount, tip_amount, pending_refund_amount, processor_response_code, processor_message,
                processor_reference, create_method, created_at, updated_at)
            VALUES (?, 'm_old', 'sale', 'captured', 'USD', 1000, 1000, 1000, 0, 0, 0, '00', 'Approved', 'ref-1', 1,
                1750000000000, 1750000000000)
            """, [.text(id)])
    }
}

/// The acquirer link's counters and queue outlive the process.
extension SQLiteStoreTests {
    @Test func traceNumbersSurviveReopeningTheFile() async throws {
        try await withDatabase { file in
            try await withStore(file) { (store: SQLiteStore) async throws in
                #expect(try await store.reserveTraceNumbers(terminalId: "TERM0001", count: 100) == 1)
                #expect(try await store.reserveTraceNumbers(terminalId: "", count: 7) == 1)
            }
            try await withStore(file) { (store: SQLiteStore) async throws in
                #expect(try await store.reserveTraceNumbers(terminalId: "TERM0001", count: 1) == 101)
                #expect(try await store.reserveTraceNumbers(terminalId: "", count: 1) == 8)
            }
        }
    }

    @Test func aPendingReversalSurvivesReopeningTheFile() async throws {
        try await withDatabase { file in
            var reversal = StorePendingReversalContractTests.reversal(
                "t_lost", minute: 1, message: StorePendingReversalContractTests.message)
            try await withStore(file) { store in
                try await store.seed()
                try await store.write { [reversal] writer in
                    try await writer.enqueue(reversal)
                    try await writer.recordReversalAttempt(id: reversal.id, nextAttemptAt: Fixtures.minutes(3))
                }
            }
            reversal.attempts = 1
            reversal.nextAttemptAt = Fixtures.minutes(3)
            let due = try await withStore(file) { store in
                try await store.read { try await $0.duePendingReversals(at: Fixtures.minutes(3), limit: 10) }
            }
            #expect(due == [reversal])
        }
    }
}
