import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// Devices: register, list, details, Tap to Pay activation and the reader token.
struct DeviceController {
    static let maxNameLength = 100
    let devices: DeviceService
    let idempotency: IdempotencyGuard

    func addRoutes(to v1: RouterGroup<GatewayContext>) {
        v1.post("devices") { request, context in
            try await register(request, context: context)
        }
        v1.get("devices") { _, context in
            let caller = try context.require(.getTerminalList)
            let list = try await devices.list(merchantId: caller.merchantId)
            return try JSONCoding.response(.ok, DevicesResponse(devices: try await devices.render(list, merchantId: caller.merchantId)))
        }
        v1.get("devices/:deviceId") { _, context in
            let caller = try context.require(.getTerminalInformation)
            let device = try await devices.device(try context.parameters.require("deviceId"), merchantId: caller.merchantId)
            return try JSONCoding.response(.ok, try await devices.render(device))
        }
        v1.post("devices/:deviceId/tap-to-pay/activate") { request, context in
            try await setTapToPay(.active, request: request, context: context)
        }
        v1.post("devices/:deviceId/tap-to-pay/deactivate") { request, context in
            try await setTapToPay(.deactivated, request: request, context: context)
        }
        // Not under IdempotencyGuard, like /v1/oauth/token: a replay would keep a live token in
        // the database, and a retry is already safe (it only issues another token).
        v1.post("devices/:deviceId/reader-token") { _, context in
            let caller = try context.require(.featureTapToPayOnMobile)
            let deviceId = try context.parameters.require("deviceId")
            let issued = try await devices.readerToken(deviceId: deviceId, merchantId: caller.merchantId, clientId: caller.clientId)
            var reply = try JSONCoding.response(.ok, issued)
            reply.headers[.cacheControl] = "no-store"
            return reply
        }
    }

    /// Registration is the first step of Tap to Pay on a phone, so it takes that permission.
    private func register(_ request: Request, context: GatewayContext) async throws -> Response {
        let caller = try context.require(.featureTapToPayOnMobile)
        var request = request
        let body = try await request.collectBody(upTo: JSONCoding.maxBodySize)
        return try await idempotency.run(merchantId: caller.merchantId, request: request, body: body) { _ in
            let registration = try Self.validate(JSONCoding.decode(RegisterDeviceRequest.self, from: body))
            let done = try await devices.register(
                deviceId: registration.deviceId, name: registration.deviceName, merchantId: caller.merchantId, clientId: caller.clientId)
            return (done.created ? .created : .ok, try JSONCoding.encoder.encode(try await devices.render(done.device)))
        }
    }

    private func setTapToPay(_ status: TapToPayStatus, request: Request, context: GatewayContext) async throws -> Response {
        let caller = try context.require(.featureTapToPayOnMobile)
        let deviceId = try context.parameters.require("deviceId")
        var request = request
        let body = try await request.collectBody(upTo: JSONCoding.maxBodySize)
        return try await idempotency.run(merchantId: caller.merchantId, request: request, body: body) { _ in
            let device = try await devices.setTapToPay(status, deviceId: deviceId, merchantId: caller.merchantId)
            return (.ok, try JSONCoding.encoder.encode(try await devices.render(device)))
        }
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
