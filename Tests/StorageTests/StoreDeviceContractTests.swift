import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// Devices, on every store: keyed by merchant and installation id, listed oldest first.
@Suite("Store contract: devices")
struct StoreDeviceContractTests {
    @Test(arguments: StoreFactories.all)
    func devicesRoundTripEveryField(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var device = Fixtures.device(deviceId: "phone-1")
            device.name = "Till 1 · Zoë's iPhone"
            device.tapToPayStatus = .suspended
            device.lastLoginAt = Fixtures.date(42_123)
            device.clientIds = ["c_2", "c_1"]
            device.updatedAt = Fixtures.date(99_456)
            try await store.write { [device] in try await $0.insert(device) }
            #expect(try await store.read { try await $0.device(merchantId: "m_1", deviceId: "phone-1") } == device)

            // Optional fields absent come back absent.
            let bare = Fixtures.device(deviceId: "phone-2", createdAt: Fixtures.minutes(1))
            try await store.write { try await $0.insert(bare) }
            #expect(try await store.read { try await $0.device(merchantId: "m_1", deviceId: "phone-2") } == bare)
        }
    }

    @Test(arguments: StoreFactories.all)
    func devicesAreScopedByMerchantAndListedOldestFirst(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let later = Fixtures.device(deviceId: "a-later", createdAt: Fixtures.minutes(5))
            let earlier = Fixtures.device(deviceId: "z-earlier", createdAt: Fixtures.minutes(1))
            let tieB = Fixtures.device(deviceId: "b-tie", createdAt: Fixtures.minutes(3))
            let tieA = Fixtures.device(deviceId: "a-tie", createdAt: Fixtures.minutes(3))
            // The same phone under another merchant is another device.
            let samePhoneOtherMerchant = Fixtures.device(merchantId: "m_2", deviceId: "a-later")
            try await store.write { for device in [later, earlier, tieB, tieA, samePhoneOtherMerchant] { try await $0.insert(device) } }

            #expect(try await store.read { try await $0.devices(merchantId: "m_1") } == [earlier, tieA, tieB, later])
            #expect(try await store.read { try await $0.devices(merchantId: "m_2") } == [samePhoneOtherMerchant])
            #expect(try await store.read { try await $0.devices(merchantId: "m_unknown") } == [])
            #expect(try await store.read { try await $0.device(merchantId: "m_2", deviceId: "z-earlier") } == nil)
            #expect(try await store.read { try await $0.device(merchantId: "m_2", deviceId: "a-later") } == samePhoneOtherMerchant)
        }
    }

    @Test(arguments: StoreFactories.all)
    func devicesUpdateInPlaceAndRefuseDuplicatesAndStrangers(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let device = Fixtures.device(deviceId: "phone-1")
            let others = Fixtures.device(merchantId: "m_2", deviceId: "phone-1")
            try await store.write { try await $0.insert(device); try await $0.insert(others) }

            var changed = device
            changed.tapToPayStatus = .active
            changed.name = "Front counter"
            changed.lastLoginAt = Fixtures.minutes(9)
            changed.recordClient("c_1")
            changed.updatedAt = Fixtures.minutes(9)
            try await store.write { [changed] in try await $0.update(changed) }
            #expect(try await store.read { try await $0.device(merchantId: "m_1", deviceId: "phone-1") } == changed)
            #expect(try await store.read { try await $0.device(merchantId: "m_2", deviceId: "phone-1") } == others)

            await expectStoreError(.duplicate) { try await store.write { try await $0.insert(device) } }
            await expectStoreError(.notFound) {
                try await store.write { try await $0.update(Fixtures.device(deviceId: "never-registered")) }
            }
            await expectStoreError(.notFound) {
                try await store.write { try await $0.insert(Fixtures.device(merchantId: "m_unknown", deviceId: "phone-9")) }
            }
        }
    }
}
