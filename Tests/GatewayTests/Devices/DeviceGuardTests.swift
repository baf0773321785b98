import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Storage
import Testing

@Suite("DeviceGuard: Tap to Pay requests only from an active device of the merchant")
struct DeviceGuardTests {
    /// The error `body` throws, as the API would answer it.
    private func refusal(_ body: () async throws -> Device) async -> (status: Int, code: String, field: String?)? {
        do {
            _ = try await body()
            return nil
        } catch let failure as GatewayFailure {
            let error = GatewayError(failure)
            return (Int(error.status.code), error.body.code, error.body.field)
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func onlyAnActiveRegisteredDevicePasses() async throws {
        let harness = try await GatewayHarness.make()
        let guardian = harness.services.deviceGuard
        let devices = harness.services.devices
        let merchant = harness.merchantId
        _ = try await devices.register(deviceId: "phone-1", name: nil, merchantId: merchant, clientId: harness.clientId)

        for missing in [nil, "", "bad id", "a/b", String(repeating: "x", count: 129)] {
            let refused = await refusal { try await guardian.requireActiveDevice(missing, merchantId: merchant) }
            #expect(refused?.status == 400)
            #expect(refused?.code == "device_header_missing")
            #expect(refused?.field == "X-Device-Installation-Id")
        }
        let unknown = await refusal { try await guardian.requireActiveDevice("phone-2", merchantId: merchant) }
        #expect(unknown?.status == 403)
        #expect(unknown?.code == "device_not_registered")

        let inactive = await refusal { try await guardian.requireActiveDevice("phone-1", merchantId: merchant) }
        #expect(inactive?.status == 403)
        #expect(inactive?.code == "tap_to_pay_inactive")

        _ = try await devices.setTapToPay(.active, deviceId: "phone-1", merchantId: merchant)
        let admitted = try await guardian.requireActiveDevice("phone-1", merchantId: merchant)
        #expect(admitted.deviceId == "phone-1")
        #expect(admitted.merchantId == merchant)

        for status in [TapToPayStatus.suspended, .deactivated, .requested] {
            _ = try await devices.setTapToPay(status, deviceId: "phone-1", merchantId: merchant)
            let refused = await refusal { try await guardian.requireActiveDevice("phone-1", merchantId: merchant) }
            #expect(refused?.code == "tap_to_pay_inactive", "\(status)")
        }
    }

    @Test func anotherMerchantsActiveDeviceIsNotRegisteredHere() async throws {
        let harness = try await GatewayHarness.make()
        let other = try await harness.services.admin.createMerchant(name: "Other")
        let devices = harness.services.devices
        _ = try await devices.register(deviceId: "shared-phone", name: nil, merchantId: other.id, clientId: harness.clientId)
        _ = try await devices.setTapToPay(.active, deviceId: "shared-phone", merchantId: other.id)

        #expect(try await harness.services.deviceGuard.requireActiveDevice("shared-phone", merchantId: other.id).merchantId == other.id)
        let refused = await refusal { try await harness.services.deviceGuard.requireActiveDevice("shared-phone", merchantId: harness.merchantId) }
        #expect(refused?.status == 403)
        #expect(refused?.code == "device_not_registered")
    }
}
