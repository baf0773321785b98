import Storage

/// A write's reads of what ``SQLMerchantCache`` keeps: the merchant and its live webhook
/// endpoints, from the cache when it holds them under the merchant's current token.
extension SQLWriter {
    func merchant(id: String) async throws -> Merchant? {
        guard let cache else { return try await merchantRow(id: id) }
        let token = try await cacheToken(merchantId: id)
        if let kept = cache.merchant(id: id, token: token) { return kept }
        let merchant = try await merchantRow(id: id)
        cache.keep(merchant, id: id, token: token)
        return merchant
    }

    func webhookEndpoints(merchantId: String) async throws -> [WebhookEndpoint] {
        guard let cache else { return try await webhookEndpointRows(merchantId: merchantId) }
        let token = try await cacheToken(merchantId: merchantId)
        if let kept = cache.endpoints(merchantId: merchantId, token: token) { return kept }
        let endpoints = try await webhookEndpointRows(merchantId: merchantId)
        cache.keep(endpoints, merchantId: merchantId, token: token)
        return endpoints
    }

    /// One merchant's token (no row: 0); `lockTransaction` reads it as a column of the locked row.
    static let cacheTokenSQL = "SELECT token FROM merchant_cache_tokens WHERE merchant_id = ?"

    /// The merchant's token as this write sees it (its own changes included); 0 when nothing
    /// has changed it since the tokens began.
    private func cacheToken(merchantId: String) async throws -> Int64 {
        if let token = tokens.token(merchantId: merchantId) { return token }
        let rows = try await session.rows(Self.cacheTokenSQL, [.text(merchantId)])
        let token = try rows.first.map { try SQLRowReader($0, table: "merchant_cache_tokens").int64("token") } ?? 0
        tokens.remember(token, merchantId: merchantId)
        return token
    }
}
