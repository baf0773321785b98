import CardData
import Foundation
@testable import Gateway
import Storage
import StorageSQLite
import Testing
import TestSupport

/// `tapline keys rotate-card-key` changes the card-data keys but not the keys the database
/// fingerprints, so the next start goes on, and a tap sealed to the key current before the
/// rotation still opens.
@Suite("Card-key rotation, then a restart")
struct CardKeyRotationRestartTests {
    @Test(arguments: [false, true])
    func theGatewayRestartsAndOpensATapSealedJustBeforeTheRotation(withMasterKey: Bool) async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        let master: MasterKey? = withMasterKey ? .generate() : nil
        let before = try await folder.writeDatabase(master: master)
        let recorded = try #require(try await folder.recordedFingerprints())

        // The real command, on the key file or on the key set in the database.
        let rotation = try await TaplineRun.run(
            ["keys", "rotate-card-key", "--database", folder.databasePath, "--keys", folder.keysPath],
            environment: master.map { ["TAPLINE_MASTER_KEY": $0.base64] } ?? [:])
        #expect(rotation.status == 0, "\(rotation.standardError)")
        #expect(folder.keyFileExists == !withMasterKey)

        let store = try await SQLiteStore.open(path: folder.databasePath, logger: GatewayFolder.logger)
        do {
            let (keys, ring) = try await gatewayKeys(folder.configuration(master: master), store: store, logger: GatewayFolder.logger)
            #expect(keys.cardDataKeys.current.keyId != before.cardDataKeys.current.keyId)
            #expect(keys.cardDataKeys.previous?.keyId == before.cardDataKeys.current.keyId)
            #expect(try await store.read { try await $0.keyFingerprints(name: KeyFingerprints.gateway) } == recorded)

            let harness = try await GatewayHarness.make(store: store, keys: keys, cardKeys: ring)
            let reply = try await harness.test { session in
                try await session.activateDevice()
                let sealed = try session.reader(sealingTo: before.cardDataKeys.current.sealingKey).tap(readAt: harness.clock.now())
                return try await session.apple(sealed)
            }
            #expect(reply.halo?.type == "Approved", "\(reply.text)")
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }
}
