import CardData
import Foundation
import GatewayAPI
import PaymentCore
import Storage

/// A merchant's devices: registration, Tap to Pay activation, and the reader token a device
/// reads cards with.
struct DeviceService: Sendable {
    let store: any Store
    /// Makes the reader tokens (chosen at start: Tapline's own, or the provider's).
    let issuer: any ReaderTokenIssuer
    /// The gateway's card-data keys: reader tokens carry the current public key.
    let cardKeys: CardKeyRing
    let readerTokenLifetime: TimeInterval
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String

    /// A registration, and whether it created the device (false: it was registered before).
    struct Registration: Sendable {
        var device: Device
        var created: Bool
    }

    /// Registers the device, or logs it in again: a known device keeps its status, takes the
    /// new name if one is given, and records the login and the client.
    func register(deviceId: String, name: String?, merchantId: String, clientId: String) async throws -> Registration {
        let now = now()
        return try await store.write { writer in
            guard var device = try await writer.device(merchantId: merchantId, deviceId: deviceId) else {
                let device = Device(
                    merchantId: merchantId, deviceId: deviceId, name: name, lastLoginAt: now, clientIds: [clientId], createdAt: now)
                try await writer.insert(device)
                return Registration(device: device, created: true)
            }
            if let name { device.name = name }
            device.lastLoginAt = now
            device.recordClient(clientId)
            device.updatedAt = now
            try await writer.update(device)
            return Registration(device: device, created: false)
        }
    }

    /// The merchant's devices, oldest first.
    func list(merchantId: String) async throws -> [Device] {
        try await store.read { try await $0.devices(merchantId: merchantId) }
    }

    /// One device of the merchant; 404 for an unknown id or another merchant's device.
    func device(_ deviceId: String, merchantId: String) async throws -> Device {
        guard let device = try await store.read({ try await $0.device(merchantId: merchantId, deviceId: deviceId) }) else {
            throw GatewayFailure.notFound(.device, id: deviceId)
        }
        return device
    }

    /// Sets the device's Tap to Pay status; setting the status it has already changes nothing.
    func setTapToPay(_ status: TapToPayStatus, deviceId: String, merchantId: String) async throws -> Device {
        let now = now()
        let changed = try await store.write { writer -> Device? in
            guard var device = try await writer.device(merchantId: merchantId, deviceId: deviceId) else { return nil }
            guard device.tapToPayStatus != status else { return device }
            device.tapToPayStatus = status
            device.updatedAt = now
            try await writer.update(device)
            return device
        }
        guard let changed else { throw GatewayFailure.notFound(.device, id: deviceId) }
        return changed
    }

    /// A reader token for an active device, with the gateway's current card-data key. Counts
    /// as a login of the device by the client. The token is made before the login is written,
    /// so a token the issuer refuses writes nothing.
    func readerToken(deviceId: String, merchantId: String, clientId: String) async throws -> ReaderTokenResponse {
        let now = now()
        let (found, merchant) = try await store.read { reader in
            (try await reader.device(merchantId: merchantId, deviceId: deviceId), try await reader.merchant(id: merchantId))
        }
        guard let found, let merchant else { throw GatewayFailure.notFound(.device, id: deviceId) }
        guard found.tapToPayStatus == .active else { throw DeviceGuard.inactive(found) }
        let key = ECPublicJWK(await cardKeys.ring.current.sealingKey)
        let issued = try await issuer.readerToken(for: ReaderTokenRequest(
            merchantId: merchantId, deviceId: deviceId, appleMerchantIdentifier: merchant.paymentSettings.appleMerchantIdentifier,
            issuedAt: now, lifetime: readerTokenLifetime, gatewayKey: key, tokenId: makeId()))
        let outcome = try await store.write { writer -> Result<Device, GatewayFailure> in
            guard var device = try await writer.device(merchantId: merchantId, deviceId: deviceId) else {
                return .failure(GatewayFailure.notFound(.device, id: deviceId))
            }
            guard device.tapToPayStatus == .active else { return .failure(DeviceGuard.inactive(device)) }
            device.lastLoginAt = now
            device.recordClient(clientId)
            device.updatedAt = now
            try await writer.update(device)
            return .success(device)
        }
        _ = try outcome.get()
        return ReaderTokenResponse(
            token: issued.token, expiresAt: issued.expiresAt, keyId: key.kid ?? "", publicKey: key, merchantId: merchantId, deviceId: deviceId)
    }

    /// The device as the API shows it; its users are the API clients that used it.
    func render(_ device: Device) async throws -> DeviceInfo {
        let clients = try await store.read { reader in try await reader.apiClients(merchantId: device.merchantId) }
        return Self.render(device, clients: clients)
    }

    func render(_ devices: [Device], merchantId: String) async throws -> [DeviceInfo] {
        let clients = try await store.read { reader in try await reader.apiClients(merchantId: merchantId) }
        return devices.map { Self.render($0, clients: clients) }
    }

    private static func render(_ device: Device, clients: [APIClient]) -> DeviceInfo {
        let names = Dictionary(clients.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return DeviceInfo(
            deviceId: device.deviceId, deviceName: device.name, lastLoginAt: device.lastLoginAt,
            tapToPayStatus: device.tapToPayStatus,
            userProfiles: device.clientIds.map { DeviceUser(id: $0, firstName: names[$0]) })
    }
}
