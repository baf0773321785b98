import Foundation
import GatewayAPI

extension TaplineClient {
    /// One page of the merchant's webhook events (`GET /v1/events`), newest first: `page` from
    /// 0, `pageSize` 1–100, only events of `type` (a ``WebhookEventType`` raw value), of the
    /// payment `transactionId`, or created at or after `from` (sent in whole seconds, rounded
    /// down) when given. Needs the `generalConfigurations` permission.
    public func getWebhookEvents(page: Int = 0, pageSize: Int = 20, type: String? = nil, transactionId: String? = nil,
                                 from: Date? = nil) async throws(TaplineAPIError) -> WebhookEventList {
        var query = [URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "pageSize", value: String(pageSize))]
        if let type { query.append(URLQueryItem(name: "type", value: type)) }
        if let transactionId { query.append(URLQueryItem(name: "transactionId", value: transactionId)) }
        if let from {
            let whole = Date(timeIntervalSince1970: from.timeIntervalSince1970.rounded(.down))
            query.append(URLQueryItem(name: "from", value: ISO8601DateFormatter().string(from: whole)))
        }
        return try await connection.get(APIPath.events, query: query)
    }
}
