import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import Storage
import Testing
import TestSupport

/// `tapline keys rotate-card-key` on a fleet whose keys live in the database reaches the
/// running instances without a restart: each reads the stored set again (the job scheduler
/// every round, and at once when a tap is sealed to a key it has not seen yet).
@Suite("Card-key rotation reaches running instances")
struct CardKeyRotationTests {
    /// Two instances on one store whose keys are sealed in it, as `tapline serve` with a
    /// master key starts them: each has its own card-key ring.
    struct Fleet {
        let master: MasterKey
        let store: any Store
        let a: GatewayHarness
        let b: GatewayHarness
        let ringA: CardKeyRing
        let ringB: CardKeyRing

        static func start() async throws -> Fleet {
            let store = MemoryStore()
            var configuration = GatewayConfiguration()
            configuration.masterKey = .generate()
            configuration.keysPath = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).json").path
            let logger = Logger(label: "test")
            let (keys, ringA) = try await gatewayKeys(configuration, store: store, logger: logger)
            let (_, ringB) = try await gatewayKeys(configuration, store: store, logger: logger)
            let a = try await GatewayHarness.make(store: store, keys: keys, cardKeys: ringA)
            let b = a.sibling(store: store, processor: a.processor, webhookTransport: nil, cardKeys: ringB)
            return Fleet(master: try #require(configuration.masterKey), store: store, a: a, b: b, ringA: ringA, ringB: ringB)
        }

        func rotate() async throws -> GatewayKeys {
            try await GatewayKeyVault.update(store: store, master: master, now: Date()) { $0.rotatingCardKey() }
        }
    }

    @Test func aRotatedKeyIsHandedOutAfterARefreshAndOpensOnTheOtherInstance() async throws {
        let fleet = try await Fleet.start()
        let original = await fleet.ringA.ring.current
        let rotated = try await fleet.rotate()
        // What A's job scheduler does on its next round.
        #expect(try await fleet.ringA.refresh())
        let issued = try await fleet.a.test { session in
            try await session.activateDevice()
            return try await session.send(.post, APIPath.readerToken(TestSession.deviceId)).decode(ReaderTokenResponse.self)
        }
        #expect(issued.keyId == rotated.cardDataKeys.current.keyId)
        #expect(issued.keyId != original.keyId)

        let reply = try await fleet.b.test { session in
            let sealed = try session.reader(sealingTo: rotated.cardDataKeys.current.sealingKey).tap(readAt: fleet.a.clock.now())
            return try await session.apple(sealed)
        }
        #expect(reply.halo?.type == "Approved", "\(reply.text)")
        #expect(await fleet.ringB.version == 2)
        #expect(await fleet.ringB.ring.current.keyId == rotated.cardDataKeys.current.keyId)

        // A tap sealed to the key before the rotation, by a reader with an older token, still opens.
        for instance in [fleet.a, fleet.b] {
            let old = try await instance.test { session in
                try await session.apple(try session.reader(sealingTo: original.sealingKey).tap(readAt: fleet.a.clock.now()), reference: "INV-OLD")
            }
            #expect(old.halo?.type == "Approved", "\(old.text)")
        }
    }

    @Test func aTapSealedToAKeyTheInstanceHasNotSeenMakesItReadTheKeysOnce() async throws {
        let started = GatewayKeys.generate()
        let rotated = started.rotatingCardKey()
        let reads = Locked(0)
        let ring = CardKeyRing(started.cardDataKeys, version: 1) {
            reads.withLock { $0 += 1 }
            return (rotated.cardDataKeys, 2)
        }
        let clock = TestClock()
        let opener = TapDataOpener(keys: ring, maxAge: 60, now: { clock.now() })
        let device = Device(merchantId: "m_1", deviceId: TestSession.deviceId, tapToPayStatus: .active, createdAt: clock.now())
        let reader = TestTapReader(gatewayKey: rotated.cardDataKeys.current.sealingKey, merchantId: "m_1", deviceId: TestSession.deviceId)
        for _ in 0..<2 {
            let sealed = try reader.tap(readAt: clock.now())
            let opened = try await opener.open(generalCardData: sealed.generalCardData, paymentCardData: sealed.paymentCardData, on: device)
            #expect(opened.tap.card.clear?.pan == TestCards.visaApproved.pan)
        }
        #expect(reads.withLock { $0 } == 1)
        let fromStart = try TestTapReader(gatewayKey: started.cardDataKeys.current.sealingKey, merchantId: "m_1", deviceId: TestSession.deviceId)
            .tap(readAt: clock.now())
        _ = try await opener.open(generalCardData: fromStart.generalCardData, paymentCardData: fromStart.paymentCardData, on: device)
        #expect(reads.withLock { $0 } == 1, "a key the ring holds needs no read")
    }

    @Test func theJobSchedulersRoundTakesARotation() async throws {
        let fleet = try await Fleet.start()
        let rotated = try await fleet.rotate()
        let services = fleet.a.services
        let jobs = JobScheduler(recovery: services.recovery, expiry: services.expiry, settlement: services.settlement, achClearing: services.achClearing, disputeFeed: services.disputeFeed,
                                cardKeys: fleet.ringA, interval: .seconds(30), logger: Logger(label: "test"))
        await jobs.runRound()
        #expect(await fleet.ringA.version == 2)
        #expect(await fleet.ringA.ring.current.keyId == rotated.cardDataKeys.current.keyId)
    }

    @Test func aKeyNoInstanceHasIsStillRefusedAndLeavesTheRingAsItWas() async throws {
        let fleet = try await Fleet.start()
        let reply = try await fleet.b.test { session in
            try await session.activateDevice()
            let foreign = OpeningKey.generate(keyId: "tck_not_ours").sealingKey
            return try await session.apple(try session.reader(sealingTo: foreign).tap(readAt: fleet.a.clock.now()))
        }
        #expect(reply.status == 400)
        #expect(reply.error?.code == "card_data_unknown_key", "\(reply.text)")
        #expect(await fleet.ringB.version == 1)
    }

    @Test func whenTheKeysCannotBeReadTheTapGetsARetryable503NotUnknownKey() async throws {
        let keys = GatewayKeys.generate()
        let ring = CardKeyRing(keys.cardDataKeys, version: 1) { throw StoreError.unavailable("the database is restarting") }
        let harness = try await GatewayHarness.make(keys: keys, cardKeys: ring)
        let reply = try await harness.test { session in
            try await session.activateDevice()
            let sealed = try TestTapReader(gatewayKey: GatewayKeys.newCardDataKey().sealingKey).tap(readAt: harness.clock.now())
            return try await session.send(.post, APIPath.sale, json: TapRouteTests.body(sealed),
                                          headers: [TestSession.deviceHeader: TestSession.deviceId])
        }
        #expect(reply.status == 503, "\(reply.text)")
        #expect(reply.error?.code == "service_unavailable")
    }

    @Test func anOlderReadNeverReplacesANewerRing() async throws {
        let newer = OpeningKeyRing(current: GatewayKeys.newCardDataKey())
        let older = OpeningKeyRing(current: GatewayKeys.newCardDataKey())
        let ring = CardKeyRing(newer, version: 3) { (older, 2) }
        #expect(try await ring.refresh() == false)
        #expect(await ring.ring.current.keyId == newer.current.keyId)
        #expect(await ring.version == 3)
    }

    @Test func keysFromAKeyFileChangeOnlyAtTheNextStart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-ring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = GatewayConfiguration()
        configuration.keysPath = directory.appendingPathComponent("keys.json").path
        let (keys, ring) = try await gatewayKeys(configuration, store: MemoryStore(), logger: Logger(label: "test"))
        _ = try GatewayKeys.rotateCardKey(at: configuration.keysPath)
        #expect(try await ring.refresh() == false)
        #expect(await ring.ring.current.keyId == keys.cardDataKeys.current.keyId)
    }
}
