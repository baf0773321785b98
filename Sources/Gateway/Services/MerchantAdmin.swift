import Foundation
import GatewayAPI
import Storage

/// Merchants and their API clients: what `tapline merchant create`, `tapline client create`
/// and the first start use.
public struct MerchantAdmin: Sendable {
    let store: any Store
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String

    /// The admin over the given dependencies' store, clock and ids.
    public init(dependencies: GatewayDependencies) {
        self.init(store: dependencies.store, now: dependencies.now, makeId: dependencies.makeId)
    }

    init(store: any Store, now: @escaping @Sendable () -> Date, makeId: @escaping @Sendable () -> String) {
        self.store = store
        self.now = now
        self.makeId = makeId
    }

    /// A client as created: the secret is here once and never again.
    public struct NewClient: Sendable {
        public var client: APIClient
        public var secret: String
    }

    public func createMerchant(name: String, authorizationWindow: TimeInterval = Merchant.defaultAuthorizationWindow) async throws -> Merchant {
        let merchant = Merchant(id: makeId(), name: name, authorizationWindow: authorizationWindow, createdAt: now())
        try await store.write { try await $0.insert(merchant) }
        return merchant
    }

    /// Creates an API client for a merchant with the given permissions (all Tapline implements by default).
    public func createClient(merchantId: String, name: String, permissions: [APIPermission] = APIPermission.defaultGrant) async throws -> NewClient {
        guard try await store.read({ try await $0.merchant(id: merchantId) }) != nil else {
            throw AdminError.unknownMerchant(merchantId)
        }
        let secret = SecretHasher.randomSecret()
        let client = APIClient(
            id: "tl_" + makeId().replacingOccurrences(of: "-", with: ""), merchantId: merchantId, name: name,
            secretHash: SecretHasher.hash(secret: secret), permissions: permissions.map(\.rawValue), createdAt: now())
        try await store.write { try await $0.insert(client) }
        return NewClient(client: client, secret: secret)
    }

    public func merchants() async throws -> [Merchant] {
        try await store.read { try await $0.merchants() }
    }
}

/// Why an admin command could not be done.
public enum AdminError: Error, CustomStringConvertible {
    case unknownMerchant(String)
    case unknownClient(String)
    /// A setting the API would refuse too, with the API's field name.
    case invalidSetting(field: String, message: String)

    public var description: String {
        switch self {
        case .unknownMerchant(let id): return "no merchant with id \(id)"
        case .unknownClient(let id): return "no API client with id \(id)"
        case .invalidSetting(let field, let message): return "\(field): \(message)"
        }
    }
}
