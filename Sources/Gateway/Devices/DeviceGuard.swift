import Foundation
import GatewayAPI
import HTTPTypes
import Hummingbird
import Storage

/// Admits a Tap to Pay request only from a device registered to the caller's merchant with
/// Tap to Pay active, named by `X-Device-Installation-Id`.
struct DeviceGuard: Sendable {
    static let header = HTTPField.Name(APIHeader.deviceInstallationId)!
    let store: any Store

    /// The device the request's `X-Device-Installation-Id` names, if it may take payments.
    func requireActiveDevice(_ request: Request, merchantId: String) async throws -> Device {
        try await requireActiveDevice(request.headers[Self.header], merchantId: merchantId)
    }

    /// The device named `deviceId` (the header's value), if it may take payments: 400
    /// `device_header_missing` when there is no usable id, 403 `device_not_registered` for
    /// an unknown device or another merchant's, 403 `tap_to_pay_inactive` unless active.
    func requireActiveDevice(_ deviceId: String?, merchantId: String) async throws -> Device {
        guard let deviceId, Device.isValidId(deviceId) else { throw Self.headerMissing }
        guard let device = try await store.read({ try await $0.device(merchantId: merchantId, deviceId: deviceId) }) else {
            // 403, not 404: the request is refused for where it comes from; there is nothing to find.
            throw GatewayFailure.forbidden(.deviceNotRegistered(deviceId: deviceId))
        }
        guard device.tapToPayStatus == .active else { throw Self.inactive(device) }
        return device
    }

    /// 400 `device_header_missing` when the request carries a malformed
    /// `X-Device-Installation-Id`, on a route that takes the header but does not need it
    /// for this request (keyed card data): the header's documented pattern holds either way.
    static func refuseMalformedHeader(_ request: Request) throws {
        if let deviceId = request.headers[header], !Device.isValidId(deviceId) { throw headerMissing }
    }

    private static var headerMissing: GatewayFailure {
        .invalid(
            APIHeader.deviceInstallationId,
            "send \(APIHeader.deviceInstallationId) with the app's installation id (1 to \(Device.maxIdLength) of A-Z a-z 0-9 . _ -)",
            .deviceHeaderMissing)
    }

    static func inactive(_ device: Device) -> GatewayFailure {
        .forbidden(.tapToPayInactive(deviceId: device.deviceId, status: device.tapToPayStatus))
    }
}
