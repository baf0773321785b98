import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import StorageSQLite
import Testing
import TestSupport

/// The ISO 8583 path keeps card data out of the database and the logs as the rest does:
/// the link logs every message at debug, masked, and what it stores (STAN blocks, owed
/// reversals, traces) holds none.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerCardDataLeakTests {
    @Test func afterKeyedTappedPINAndUnansweredPaymentsNothingHoldsCardSecrets() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-iso-leak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await SQLiteStore.open(path: directory.appendingPathComponent("gateway.sqlite").path, logger: Logger(label: "test"))
        let pans = [TestCards.visaApproved.pan, TestCards.pinRequired.pan, TestCards.doNotHonour.pan, TestCards.noAnswer.pan]
        let logs = try await AcquirerHarness.with(store: store, processorTimeout: .milliseconds(300)) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                try await session.activateDevice()
                for pan in pans {
                    _ = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: pan))
                    let reply = try await session.apple(try session.tap(pan: pan))
                    guard let answer = reply.halo, answer.isSingleTapAndPin else { continue }
                    for pin in ["9876", "1234"] {
                        _ = try await session.submitPIN(answer.haloReference, try session.tap(pan: pan, pin: pin, pinToken: answer.pinToken))
                    }
                }
            }
            // The reversals go out in the background.
            await acquirer.waitForLog("reversal acknowledged", count: 2)
            #expect(try acquirer.host.received("0400").count >= 2, "the unanswered keyed sale and tap were reversed")
            #expect(try acquirer.host.journal().contains { ($0["fields"] as? [String: Any])?["52"] != nil || $0["mti"] as? String == "0200" })
            return (acquirer.linkLogs.all + acquirer.gateway.logs.all).joined(separator: "\n")
        }
        try await store.close()
        #expect(logs.contains("0200"), "the link logged its messages")

        var haystack = Data()
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            haystack.append(try Data(contentsOf: directory.appendingPathComponent(file)))
        }
        for pan in pans {
            for secret in [Data(pan.utf8), CardRead.packPAN(pan), SimulatedTap.track2(pan)] {
                let hex = secret.map { String(format: "%02X", $0) }.joined()
                #expect(haystack.range(of: secret) == nil, "\(hex) found in the database")
                #expect(haystack.range(of: Data(hex.utf8)) == nil, "\(hex) found in the database as hex")
                #expect(!logs.contains(hex) && !logs.contains(hex.lowercased()), "\(hex) found in the logs")
            }
            #expect(!logs.contains(pan), "a PAN in the logs")
        }
    }
}
