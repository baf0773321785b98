import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import StorageSQLite
import Testing
import TestSupport

@Suite("No PAN, track 2 or PIN block from a tap in the database or the logs")
struct TapCardDataLeakTests {
    @Test(arguments: LogFormat.allCases)
    func afterTapsAndPINsTheSQLiteFileAndLogsHoldNoCardSecrets(_ format: LogFormat) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-tap-leak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await SQLiteStore.open(path: directory.appendingPathComponent("gateway.sqlite").path, logger: Logger(label: "test"))
        let harness = try await GatewayHarness.make(store: store, logFormat: format)
        let keys = harness.dependencies.keys.cardDataKeys
        let pans = [TestCards.visaApproved.pan, TestCards.pinRequired.pan, TestCards.doNotHonour.pan, TestCards.noAnswer.pan]
        var secrets = try await harness.test { (session: TestSession) async throws -> [Data] in
            var pinBlocks: [Data] = []
            try await session.activateDevice()
            for pan in pans {
                let reply = try await session.apple(try session.tap(pan: pan))
                #expect(!reply.text.contains(pan))
                guard let answer = reply.halo, answer.isSingleTapAndPin else { continue }
                for pin in ["9876", "1234"] {
                    let sealed = try session.tap(pan: pan, pin: pin, pinToken: answer.pinToken)
                    let opened = try SealedCardData.open(paymentCardData: sealed.paymentCardData, keys: keys)
                    pinBlocks.append(try #require(opened.read.pinBlock))
                    _ = try await session.submitPIN(answer.haloReference, sealed)
                }
            }
            return pinBlocks
        }
        try await store.close()

        var haystack = Data()
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            haystack.append(try Data(contentsOf: directory.appendingPathComponent(file)))
        }
        LogLines.expectWellFormed(harness.logs.all, format)
        let logs = harness.logs.all.joined(separator: "\n")
        #expect(!logs.isEmpty)
        for pan in pans {
            secrets += [Data(pan.utf8), CardRead.packPAN(pan), SimulatedTap.track2(pan)]
        }
        #expect(secrets.count == pans.count * 3 + 2)
        for secret in secrets {
            let hex = secret.map { String(format: "%02X", $0) }.joined()
            #expect(haystack.range(of: secret) == nil, "\(hex) found in the database")
            #expect(haystack.range(of: Data(hex.utf8)) == nil && haystack.range(of: Data(hex.lowercased().utf8)) == nil, "\(hex) found in the database as hex")
            #expect(!logs.contains(hex) && !logs.contains(hex.lowercased()), "\(hex) found in the logs")
        }
        #expect(haystack.range(of: Data("520082******8210".utf8)) != nil, "the masked PAN is what is kept")
    }

    /// `--card-data remote`: the decryption service's answer (the TLV, the translated PIN
    /// block) passes through memory only. Neither the database, the logs nor the service's
    /// journal holds the PAN, track 2, the TLV or either PIN block (the reader's format 4, the
    /// service's format 0), after approved and declined taps, PIN tries and a service that failed.
    @Test(.enabled(if: DecryptionServiceRig.translatesPINs))
    func afterRemoteTapsTheDatabaseLogsAndJournalHoldNoCardSecrets() async throws {
        let rig = try DecryptionServiceRig.make()
        defer { rig.remove() }
        let service = try rig.startService(pinKey: RemotePINTests.pinKey)
        let failing = try rig.startService(fault: "garbage")
        let harness = try await rig.harness(try rig.endpoint(port: service.port), sqlite: "gateway.sqlite", pinKey: RemotePINTests.pinKey)
        let broken = try await rig.harness(try rig.endpoint(port: failing.port), sqlite: "broken.sqlite")
        let pans = [TestCards.visaApproved.pan, TestCards.doNotHonour.pan]
        var secrets: [Data] = []
        for (gateway, expected) in [(harness, [200, 201]), (broken, [503])] {
            secrets += try await gateway.test { (session: TestSession) async throws -> [Data] in
                try await session.activateDevice()
                var plaintexts: [Data] = []
                for pan in pans {
                    let sealed = try session.tap(pan: pan)
                    let reply = try await session.apple(sealed)
                    #expect(expected.contains(reply.status), "\(reply.text)")
                    #expect(!reply.text.contains(pan))
                    plaintexts.append(try SealedCardData.open(paymentCardData: sealed.paymentCardData, keys: rig.keys.cardDataKeys).read.tlvList().encoded)
                }
                return plaintexts
            }
        }
        secrets += try await harness.test { (session: TestSession) async throws -> [Data] in
            try await Self.remotePINTries(session, rig)
        }
        await service.stop()
        await failing.stop()
        try await harness.store.close()
        try await broken.store.close()

        var haystack = Data()
        for file in try FileManager.default.contentsOfDirectory(atPath: rig.directory.path) where !file.hasSuffix(".pem") && file != "tapline-keys.json" {
            haystack.append(try Data(contentsOf: rig.directory.appendingPathComponent(file)))
        }
        let logs = (harness.logs.all + broken.logs.all).joined(separator: "\n")
        #expect(logs.contains("the card-data decryption service gave no usable answer"), "the failure is logged")
        for pan in pans {
            secrets += [Data(pan.utf8), CardRead.packPAN(pan), SimulatedTap.track2(pan)]
        }
        #expect(secrets.count == pans.count * 2 + 4 + pans.count * 3)
        for secret in secrets {
            let hex = secret.map { String(format: "%02X", $0) }.joined()
            #expect(haystack.range(of: secret) == nil, "\(hex.prefix(24))… found in the database or the journal")
            #expect(haystack.range(of: Data(hex.utf8)) == nil && haystack.range(of: Data(hex.lowercased().utf8)) == nil,
                    "\(hex.prefix(24))… found in the database or the journal as hex")
            #expect(haystack.range(of: Data(secret.base64EncodedString().utf8)) == nil, "\(hex.prefix(24))… found as base64")
            #expect(!logs.contains(hex) && !logs.contains(hex.lowercased()) && !logs.contains(secret.base64EncodedString()),
                    "\(hex.prefix(24))… found in the logs")
        }
        #expect(try rig.journal().count == 5, "the working service journaled both taps, the PIN tap and both PIN tries")
        #expect(haystack.range(of: Data("424242******4242".utf8)) != nil, "the masked PAN is what is kept")
    }

    /// A soft-declined tap, then a wrong and the right PIN through the service: the reader's
    /// format 4 blocks and the format 0 blocks the service answered for them (the same bytes
    /// as Swift's, format 0 having no fill).
    static func remotePINTries(_ session: TestSession, _ rig: DecryptionServiceRig) async throws -> [Data] {
        let pan = TestCards.pinRequired.pan
        let soft = try await RemotePINTests.softDeclined(session)
        let key = try TripleDESKey(try #require(Hex.bytes(RemotePINTests.pinKey)))
        var blocks: [Data] = []
        for pin in ["9876", "1234"] {
            let sealed = try session.tap(pan: pan, pin: pin, pinToken: soft.pin?.pinToken)
            let reply = try await RemotePINTests.post(session, APIPath.pin(soft.id), sealed)
            #expect(reply.status == 200, "\(reply.text)")
            blocks.append(try #require(try SealedCardData.open(paymentCardData: sealed.paymentCardData, keys: rig.keys.cardDataKeys).read.pinBlock))
            blocks.append(try PINBlockFormat0.encipher(pin: PIN(pin), pan: pan, key: key))
        }
        return blocks
    }
}
