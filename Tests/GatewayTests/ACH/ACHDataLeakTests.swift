import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import StorageSQLite
import Testing

/// The account number and tax id of an ACH debit reach neither the database nor the logs:
/// only their last four are kept.
@Suite("ACH: no account number or tax id in the database or the logs")
struct ACHDataLeakTests {
    @Test(arguments: LogFormat.allCases)
    func afterDebitsCancelsAndRefundsTheFileAndLogsHoldNoAccount(_ format: LogFormat) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-ach-leak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await SQLiteStore.open(path: directory.appendingPathComponent("gateway.sqlite").path, logger: Logger(label: "test"))
        let harness = try await GatewayHarness.make(store: store, logFormat: format)
        let accounts = ["31415926535", ACHExamples.heldAccount, ACHExamples.declinedAccount, ACHExamples.returnedAccount]
        let taxId = "271828182"
        try await harness.test { (session: TestSession) async throws in
            for account in accounts {
                let body = ACHExamples.body(account: account, details: #""taxId":"\#(taxId)","#)
                let reply = try await session.send(.post, APIPath.achDebit, json: body)
                #expect(reply.status == 201 && !reply.text.contains(account) && !reply.text.contains(taxId))
                let debit = try reply.decode(TransactionResource.self)
                if debit.status == .scheduled { _ = try await session.followUp(debit.id, .void) }
            }
            let bad = try await session.send(.post, APIPath.achDebit, json: ACHExamples.body(account: "31415926535", routing: "011000016"))
            #expect(bad.status == 400 && !bad.text.contains("31415926535"))
        }
        try await store.close()
        var haystack = Data()
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            haystack.append(try Data(contentsOf: directory.appendingPathComponent(file)))
        }
        LogLines.expectWellFormed(harness.logs.all, format)
        let logs = harness.logs.all.joined(separator: "\n")
        #expect(!logs.isEmpty)
        for secret in accounts + [taxId] {
            #expect(haystack.range(of: Data(secret.utf8)) == nil, "\(secret) found in the database")
            #expect(!logs.contains(secret), "\(secret) found in the logs")
        }
        #expect(haystack.range(of: Data("*******6535".utf8)) != nil, "the masked account number is what is kept")
        #expect(haystack.range(of: Data("*****8182".utf8)) != nil, "the masked tax id is what is kept")
    }
}
