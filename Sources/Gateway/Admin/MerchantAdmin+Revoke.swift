import Foundation
import Storage

extension MerchantAdmin {
    /// Revokes a merchant's API client: it gets no new access token (nor refreshes one) from
    /// now on; a token it holds lasts until it expires (15 minutes at most by default).
    /// Revoking a revoked client changes nothing.
    public func revokeClient(id: String, merchantId: String) async throws -> APIClient {
        let now = now()
        return try await store.write { writer in
            guard var client = try await writer.apiClient(id: id), client.merchantId == merchantId else {
                throw AdminError.unknownClient(id)
            }
            guard client.revokedAt == nil else { return client }
            client.revokedAt = now
            try await writer.update(client)
            return client
        }
    }
}
