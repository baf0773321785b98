import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import Storage
import StorageSQLite
import Testing
import TestSupport

/// `--card-data pass-through`: the sealed text reaches the acquirer and nothing else. Neither
/// the SQLite file, the gateway's logs, the link's message log (every message at trace) nor the
/// host's journal holds it, or the PAN or track 2 inside it.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerPassThroughLeakTests {
    @Test func afterSealedTapsNoFileOrLogHoldsTheSealedDataOrTheCard() async throws {
        let pans = [TestCards.visaApproved.pan, TestCards.doNotHonour.pan, TestCards.pinRequired.pan]
        try await AcquirerPassThroughTests.withPassThrough(store: { directory in
            try await SQLiteStore.open(path: directory.appendingPathComponent("gateway.sqlite").path, logger: Logger(label: "test"))
        }) { acquirer, directory in
            let sealedTexts = try await acquirer.gateway.test { (session: TestSession) async throws -> [String] in
                try await session.activateDevice()
                var texts: [String] = []
                for pan in pans {
                    let sealed = try AcquirerPassThroughTests.tap(session, pan: pan)
                    let reply = try await AcquirerPassThroughTests.post(session, APIPath.sale, sealed)
                    #expect(reply.status == 201, "\(reply.text)")
                    #expect(!reply.text.contains(sealed.paymentCardData.prefix(40)))
                    texts.append(sealed.paymentCardData)
                }
                return texts
            }
            try await acquirer.gateway.store.close()
            var haystack = try Data(contentsOf: acquirer.host.journalURL)
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasPrefix("gateway.sqlite") {
                haystack.append(try Data(contentsOf: directory.appendingPathComponent(file)))
            }
            let logs = (acquirer.gateway.logs.all + acquirer.linkLogs.all).joined(separator: "\n")
            #expect(logs.contains("120=<removed, "), "the link logged the messages, with 120 removed")
            var secrets = sealedTexts.map { Data($0.prefix(64).utf8) }
            for pan in pans {
                secrets += [Data(pan.utf8), CardRead.packPAN(pan), SimulatedTap.track2(pan)]
            }
            for secret in secrets {
                let hex = secret.map { String(format: "%02X", $0) }.joined()
                #expect(haystack.range(of: secret) == nil, "\(hex.prefix(24))… found in the database or the journal")
                #expect(haystack.range(of: Data(hex.utf8)) == nil, "\(hex.prefix(24))… found as hex")
                #expect(!logs.contains(String(decoding: secret, as: UTF8.self)) && !logs.contains(hex), "\(hex.prefix(24))… found in the logs")
            }
            #expect(haystack.range(of: Data("424242******4242".utf8)) != nil, "the masked PAN is what is kept")
        }
    }
}
