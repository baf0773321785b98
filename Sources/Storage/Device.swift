import Foundation
import PaymentCore

/// A phone registered to a merchant, named by its app installation id (the
/// `X-Device-Installation-Id` header). The same phone under two merchants is two devices.
public struct Device: Sendable, Equatable, Codable {
    public var merchantId: String
    /// The app's installation id (ARISE `getDeviceId()`, a lowercase UUID), see ``isValidId(_:)``.
    public var deviceId: String
    public var name: String?
    public var tapToPayStatus: TapToPayStatus
    public var lastLoginAt: Date?
    /// The API clients that registered the device or asked for its reader token, in the
    /// order they first did (ARISE lists them as the device's `userProfiles`).
    public var clientIds: [String]
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        merchantId: String, deviceId: String, name: String? = nil, tapToPayStatus: TapToPayStatus = .inactive,
        lastLoginAt: Date? = nil, clientIds: [String] = [], createdAt: Date, updatedAt: Date? = nil
    ) {
        self.merchantId = merchantId
        self.deviceId = deviceId
        self.name = name
        self.tapToPayStatus = tapToPayStatus
        self.lastLoginAt = lastLoginAt
        self.clientIds = clientIds
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// The longest installation id accepted.
    public static let maxIdLength = 128

    /// Whether `id` can name a device: 1 to 128 of `A–Z a–z 0–9 . _ -`. A UUID fits; anything
    /// that could smuggle text into a log line or a path does not.
    public static func isValidId(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= maxIdLength && id.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    /// Adds `clientId` to ``clientIds`` unless it is there already.
    public mutating func recordClient(_ clientId: String) {
        if !clientIds.contains(clientId) { clientIds.append(clientId) }
    }
}
