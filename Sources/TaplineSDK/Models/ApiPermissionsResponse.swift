import Foundation
import GatewayAPI

/// The permissions of the authenticated API client (ARISE `ApiPermissionsResponse`).
public struct ApiPermissionsResponse: Sendable, Equatable {
    /// The permissions this SDK knows, in the gateway's order.
    public var permissions: [APIPermission]
    /// Names the gateway granted that this SDK version does not know yet; kept so a newer
    /// gateway's permissions are not silently lost.
    public var unrecognized: [String]

    init(_ wire: PermissionsResponse) {
        permissions = wire.permissions.compactMap(APIPermission.init(rawValue:))
        unrecognized = wire.permissions.filter { APIPermission(rawValue: $0) == nil }
    }

    /// Whether the client holds `permission`.
    public func contains(_ permission: APIPermission) -> Bool { permissions.contains(permission) }
}
