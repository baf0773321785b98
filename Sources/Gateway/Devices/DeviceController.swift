import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// Devices: register, list, details, Tap to Pay activation and the reader token.
struct DeviceController {
    static let maxNameLength = 100
    let devices: DeviceService

    var routes: [GatewayRoute] {
        let device = APIPath.device(PathParameter.deviceId.template)
        return [
            // Registration is the first step of Tap to Pay on a phone, so it takes that permission.
            .idempotent(.post, APIPath.devices, .permission(.featureTapToPayOnMobile)) { input in
                let caller = try input.caller
                let registration = try Self.validate(JSONCoding.decode(RegisterDeviceRequest.self, from: input.body))
                let done = try await devices.register(
                    deviceId: registration.deviceId, name: registration.deviceName, merchantId: caller.merchantId, clientId: caller.clientId)
                return (done.created ? .created : .ok, try JSONCoding.encoder.encode(try await devices.render(done.device)))
            },
            .get(APIPath.devices, .permission(.getTerminalList)) { input in
                let caller = try input.caller
                let list = try await devices.list(merchantId: caller.merchantId)
                return try JSONCoding.response(.ok, DevicesResponse(devices: try await devices.render(list, merchantId: caller.merchantId)))
            },
            .get(device, .permission(.getTerminalInformation)) { input in
                let device = try await devices.device(try input.parameter(.deviceId), merchantId: try input.caller.merchantId)
                return try JSONCoding.response(.ok, try await devices.render(device))
            },
            .idempotent(.post, APIPath.activateTapToPay(PathParameter.deviceId.template), .permission(.featureTapToPayOnMobile)) { input in
                try JSONCoding.requireNoFields(input.body)
                return try await setTapToPay(.active, input)
            },
            .idempotent(.post, APIPath.deactivateTapToPay(PathParameter.deviceId.template), .permission(.featureTapToPayOnMobile)) { input in
                try JSONCoding.requireNoFields(input.body)
                return try await setTapToPay(.deactivated, input)
            },
            .notIdempotent(
                APIPath.readerToken(PathParameter.deviceId.template), .permission(.featureTapToPayOnMobile),
                because: "a replay would keep a live token in the database, and a retry only issues another token"
            ) { input in
                try JSONCoding.requireNoFields(input.body)
                let caller = try input.caller
                let issued = try await devices.readerToken(
                    deviceId: try input.parameter(.deviceId), merchantId: caller.merchantId, clientId: caller.clientId)
                var reply = try JSONCoding.response(.ok, issued)
                reply.headers[.cacheControl] = "no-store"
                return reply
            },
        ]
    }

    private func setTapToPay(_ status: TapToPayStatus, _ input: RouteInput) async throws -> (HTTPResponse.Status, Data) {
        let device = try await devices.setTapToPay(status, deviceId: try input.parameter(.deviceId), merchantId: try input.caller.merchantId)
        return (.ok, try JSONCoding.encoder.encode(try await devices.render(device)))
    }

    /// The registration as asked, or 400 naming the field at fault.
    static func validate(_ request: RegisterDeviceRequest) throws -> RegisterDeviceRequest {
        guard Device.isValidId(request.deviceId) else {
            throw GatewayError.invalid(
                "deviceId", "deviceId must be the app's installation id: 1 to \(Device.maxIdLength) of A-Z a-z 0-9 . _ -")
        }
        if let name = request.deviceName {
            let printable = name.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= maxNameLength, printable else {
                throw GatewayError.invalid("deviceName", "deviceName must be 1 to \(maxNameLength) printable characters")
            }
        }
        return request
    }
}
