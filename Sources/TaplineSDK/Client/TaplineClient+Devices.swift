import Foundation
import GatewayAPI

extension TaplineClient {
    /// The phones registered to the merchant with their Tap to Pay status, oldest
    /// registration first (ARISE `getDevices`).
    public func getDevices() async throws(TaplineAPIError) -> DevicesResponse {
        try await connection.get(APIPath.devices)
    }

    /// One registered phone (ARISE `getDeviceInfo`); ``TaplineAPIError/notFound(_:)`` when
    /// the merchant has no device with that id. This phone's own id is ``getDeviceId()``.
    public func getDeviceInfo(deviceId: String) async throws(TaplineAPIError) -> DeviceInfo {
        try InputCheck.identifier(deviceId, field: "deviceId")
        return try await connection.get(APIPath.device(deviceId))
    }
}
