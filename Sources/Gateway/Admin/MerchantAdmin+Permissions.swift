import GatewayAPI
import Storage

// `tapline client permissions`: what an API client may do, changed after it was created.
extension MerchantAdmin {
    /// Adds `grant` and removes `revoke` from a client's permissions and returns what it
    /// holds now, in ARISE's order. `grantDefaults` adds every permission a new client gets today, so
    /// a client made before a feature existed (webhooks, settings) can be brought up to date.
    /// Tokens carry their permissions: the change applies from the client's next token.
    /// With `merchantId`, another merchant's client is unknown (the dashboard's tenancy).
    public func updatePermissions(
        clientId: String, merchantId: String? = nil, grant: [APIPermission] = [], revoke: [APIPermission] = [], grantDefaults: Bool = false
    ) async throws -> [APIPermission] {
        try await store.write { writer in
            guard var client = try await writer.apiClient(id: clientId), merchantId == nil || client.merchantId == merchantId else {
                throw AdminError.unknownClient(clientId)
            }
            var held = Set(client.permissions)
            held.formUnion((grant + (grantDefaults ? APIPermission.defaultGrant : [])).map(\.rawValue))
            held.subtract(revoke.map(\.rawValue))
            client.permissions = APIPermission.allCases.map(\.rawValue).filter(held.contains)
            try await writer.update(client)
            return client.permissions.compactMap(APIPermission.init(rawValue:))
        }
    }
}
