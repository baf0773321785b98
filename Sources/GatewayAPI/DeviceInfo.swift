import Foundation
import PaymentCore

/// A device as the API shows it (ARISE `DeviceInfo`, the same fields).
public struct DeviceInfo: Codable, Sendable, Equatable {
    /// The app's installation id (the `X-Device-Installation-Id` header).
    public var deviceId: String
    public var deviceName: String?
    /// When the device last registered or fetched a reader token.
    public var lastLoginAt: Date?
    /// "Inactive", "Requested", "Active", "Suspended" or "Deactivated".
    public var tapToPayStatus: String?
    /// 0 inactive, 1 requested, 2 active, 3 suspended, 4 deactivated.
    public var tapToPayStatusId: Int?
    /// True only when Tap to Pay is active on the device.
    public var tapToPayEnabled: Bool
    /// The API clients that have used the device (see ``DeviceUser``).
    public var userProfiles: [DeviceUser]

    public init(
        deviceId: String, deviceName: String?, lastLoginAt: Date?, tapToPayStatus: TapToPayStatus, userProfiles: [DeviceUser]
    ) {
        self.deviceId = deviceId
        self.deviceName = deviceName
        self.lastLoginAt = lastLoginAt
        self.tapToPayStatus = tapToPayStatus.displayName
        self.tapToPayStatusId = tapToPayStatus.rawValue
        self.tapToPayEnabled = tapToPayStatus.isEnabled
        self.userProfiles = userProfiles
    }

    /// The status as a value, when ``tapToPayStatusId`` names one.
    public var status: TapToPayStatus? { tapToPayStatusId.flatMap(TapToPayStatus.init(rawValue:)) }
}

/// A profile that used a device (ARISE `DeviceUser`).
///
/// Tapline has no user accounts: a device's users are the API clients that registered it
/// or fetched its reader token. ``id`` is the client id and ``firstName`` the client's
/// name; ``lastName`` and ``email`` are always absent.
public struct DeviceUser: Codable, Sendable, Equatable {
    public var id: String?
    public var firstName: String?
    public var lastName: String?
    public var email: String?

    public init(id: String?, firstName: String?, lastName: String? = nil, email: String? = nil) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
    }
}

/// `GET /v1/devices` (ARISE `DevicesResponse`).
public struct DevicesResponse: Codable, Sendable, Equatable {
    /// Oldest registration first.
    public var devices: [DeviceInfo]

    public init(devices: [DeviceInfo]) { self.devices = devices }
}
