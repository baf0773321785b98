import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import StorageSQLite
import Testing

@Suite("No full PAN or CVV in the database or the logs")
struct CardDataLeakTests {
    static let testPANs = [
        "4242424242424242", "5555555555554444", "378282246310005", "4000000000000002",
        "4000000000000119", "4000000000000259", "5200828282828210", "4000000000000077",
    ]

    @Test(arguments: LogFormat.allCases)
    func afterARunOfPaymentsTheSQLiteFileAndLogsHoldNoPAN(_ format: LogFormat) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-leak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("gateway.sqlite").path
        let store = try await SQLiteStore.open(path: path, logger: Logger(label: "test"))
        let harness = try await GatewayHarness.make(store: store, logFormat: format)
        try await harness.test { (session: TestSession) async throws in
            for pan in Self.testPANs {
                let body = TestSession.cardBody(pan: pan, amount: 1_000)
                let reply = try await session.send(.post, APIPath.sale, json: body.replacingOccurrences(of: "\"123\"", with: "\"8642\""))
                #expect([201, 502, 504].contains(reply.status))
                #expect(!reply.text.contains(pan))
                if let sale = try? reply.decode(TransactionResource.self), sale.status == .captured {
                    _ = try await session.followUp(sale.id, .refund, json: #"{"amount":100}"#)
                }
            }
            // A bad request echoes nothing of the card either.
            let bad = try await session.send(.post, APIPath.sale, json: #"{"amount":1,"currency":"USD","accountNumber":"4242424242424241","expirationMonth":1,"expirationYear":2030}"#)
            #expect(!bad.text.contains("4242424242424241"))
        }
        try await store.close()

        var haystack = Data()
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            haystack.append(try Data(contentsOf: directory.appendingPathComponent(file)))
        }
        LogLines.expectWellFormed(harness.logs.all, format)
        let logs = harness.logs.all.joined(separator: "\n")
        #expect(!logs.isEmpty)
        for pan in Self.testPANs + ["4242424242424241"] {
            #expect(haystack.range(of: Data(pan.utf8)) == nil, "PAN \(pan) found in the database")
            #expect(!logs.contains(pan), "PAN \(pan) found in the logs")
        }
        #expect(haystack.range(of: Data("424242******4242".utf8)) != nil, "the masked PAN is what is kept")
        for marker in ["securityCode", "\"8642\"", "accountNumber"] {
            #expect(haystack.range(of: Data(marker.utf8)) == nil, "\(marker) found in the database")
            #expect(!logs.contains(marker), "\(marker) found in the logs")
        }
    }
}
