import Foundation
import GatewayAPI
import PaymentCore
import Processing
import Storage

/// Merchants and their API clients: what `tapline merchant create`, `tapline client create`
/// and the first start use.
public struct MerchantAdmin: Sendable {
    let store: any Store
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String
    /// The gateway's processor, as the payment settings list it.
    let processor: ProcessorIdentity

    /// The admin over the given dependencies' store, clock, ids and processor.
    public init(dependencies: GatewayDependencies) {
        self.init(store: dependencies.store, now: dependencies.now, makeId: dependencies.makeId, processor: dependencies.processor.identity)
    }

    /// The admin over `store` alone, on the wall clock and random ids: what the admin commands
    /// need, without the keys a gateway loads (loading them would create a key file).
    /// `processor` is the one the gateway is configured with (the simulator by default).
    public init(store: any Store, processor: ProcessorIdentity = .simulator) {
        self.init(store: store, now: { Date() }, makeId: { RandomID.uuidString() }, processor: processor)
    }

    init(
        store: any Store, now: @escaping @Sendable () -> Date, makeId: @escaping @Sendable () -> String,
        processor: ProcessorIdentity = .simulator
    ) {
        self.store = store
        self.now = now
        self.makeId = makeId
        self.processor = processor
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
        let created = newClient(merchantId: merchantId, name: name, permissions: permissions)
        try await store.write { try await $0.insert(created.client) }
        return created
    }

    /// The demo merchant's id: fixed, so that two instances making it at once on an empty
    /// database collide on it and only one succeeds.
    public static let demoMerchantId = "demo-merchant"

    /// On an empty store, the demo merchant and an API client for it, in one write; nil when
    /// the store has merchants (or another instance made the demo merchant first).
    public func createDemoMerchantIfEmpty() async throws -> (merchant: Merchant, client: NewClient)? {
        let merchant = Merchant(id: Self.demoMerchantId, name: "Demo Merchant", createdAt: now())
        let client = newClient(merchantId: merchant.id, name: "demo", permissions: APIPermission.defaultGrant)
        do {
            let made = try await store.write { writer -> Bool in
                guard try await writer.merchants().isEmpty else { return false }
                try await writer.insert(merchant)
                try await writer.insert(client.client)
                return true
            }
            return made ? (merchant, client) : nil
        } catch StoreError.duplicate {
            return nil
        }
    }

    private func newClient(merchantId: String, name: String, permissions: [APIPermission]) -> NewClient {
        let secret = SecretHasher.newClientSecret()
        let client = APIClient(
            id: "tl_" + makeId().replacingOccurrences(of: "-", with: ""), merchantId: merchantId, name: name,
            secretHash: SecretHasher.hash(secret: secret), permissions: permissions.map(\.rawValue), createdAt: now())
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
