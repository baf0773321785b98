import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// Webhook endpoints (`/v1/webhooks/endpoints`) and the events sent to them (`/v1/events`),
/// all under the merchant's `generalConfigurations` permission.
struct WebhookController {
    let endpoints: WebhookEndpointService
    let events: WebhookEventService

    var routes: [GatewayRoute] {
        let endpoint = APIPath.webhookEndpoint(PathParameter.id.template)
        return [
            // A replay answers the endpoint without its secret: the secret never rests in the database.
            .idempotent(.post, APIPath.webhookEndpoints, .permission(.generalConfigurations), rule: IdempotencyRule(storing: Self.withoutSecret)) { input in
                let created = try await endpoints.create(
                    JSONCoding.decode(CreateWebhookEndpointRequest.self, from: input.body), merchantId: try input.caller.merchantId)
                return (.created, try JSONCoding.encoder.encode(created))
            },
            .get(APIPath.webhookEndpoints, .permission(.generalConfigurations)) { input in
                try JSONCoding.response(.ok, WebhookEndpointList(items: try await endpoints.list(merchantId: try input.caller.merchantId)))
            },
            .get(endpoint, .permission(.generalConfigurations)) { input in
                try JSONCoding.response(.ok, try await endpoints.endpoint(id: try input.parameter(.id), merchantId: try input.caller.merchantId))
            },
            .idempotent(.delete, endpoint, .permission(.generalConfigurations)) { input in
                try JSONCoding.requireNoFields(input.body)
                return (.ok, try JSONCoding.encoder.encode(try await endpoints.delete(id: try input.parameter(.id), merchantId: try input.caller.merchantId)))
            },
            // A replay answers without the secret, as creation's does.
            .idempotent(.post, APIPath.webhookEndpointSecretRotation(PathParameter.id.template), .permission(.generalConfigurations),
                        rule: IdempotencyRule(storing: Self.withoutSecret)) { input in
                try JSONCoding.requireNoFields(input.body)
                let rotated = try await endpoints.rotateSecret(id: try input.parameter(.id), merchantId: try input.caller.merchantId)
                return (.ok, try JSONCoding.encoder.encode(rotated))
            },
            .get(APIPath.events, .permission(.generalConfigurations), query: WebhookEventListQuery.names) { input in
                let query = try WebhookEventListQuery.parse(input.request.uri.queryParameters, merchantId: try input.caller.merchantId)
                return try JSONCoding.response(.ok, try await events.list(query))
            },
            .get(APIPath.event(PathParameter.id.template), .permission(.generalConfigurations)) { input in
                try JSONCoding.response(.ok, try await events.details(id: try input.parameter(.id), merchantId: try input.caller.merchantId))
            },
            .idempotent(.post, APIPath.eventResend(PathParameter.id.template), .permission(.generalConfigurations)) { input in
                let request = input.body.readableBytes == 0
                    ? ResendWebhookEventRequest() : try JSONCoding.decode(ResendWebhookEventRequest.self, from: input.body)
                let details = try await events.resend(
                    id: try input.parameter(.id), merchantId: try input.caller.merchantId, endpointId: request.endpointId)
                return (.accepted, try JSONCoding.encoder.encode(details))
            },
        ]
    }

    @Sendable static func withoutSecret(_ data: Data) throws -> Data {
        var endpoint = try JSONCoding.decoder.decode(WebhookEndpointResource.self, from: data)
        endpoint.secret = nil
        return try JSONCoding.encoder.encode(endpoint)
    }
}

/// Reads the event list's page and filters from a query string.
enum WebhookEventListQuery {
    /// Every parameter ``parse(_:merchantId:)`` reads; the route refuses any other.
    static let names: Set<String> = ["page", "pageSize", "type", "transactionId", "from", "to"]

    static func parse(_ parameters: Parameters, merchantId: String) throws -> WebhookEventQuery {
        var query = WebhookEventQuery(merchantId: merchantId)
        if let page = parameters.get("page") {
            guard let value = Int(page), value >= 0 else { throw GatewayError.invalid("page", "page must be a whole number from 0") }
            query.page = value
        }
        if let size = parameters.get("pageSize") {
            guard let value = Int(size), (1...100).contains(value) else { throw GatewayError.invalid("pageSize", "pageSize must be between 1 and 100") }
            query.pageSize = value
        }
        if let type = parameters.get("type") {
            guard WebhookEventType(rawValue: type) != nil else {
                throw GatewayError.invalid("type", "type must be one of: \(WebhookEventType.allCases.map(\.rawValue).joined(separator: ", "))", code: .unknownEventType)
            }
            query.type = type
        }
        query.transactionId = parameters.get("transactionId")
        query.createdFrom = try date(parameters, "from")
        query.createdTo = try date(parameters, "to")
        return query
    }

    private static func date(_ parameters: Parameters, _ name: String) throws -> Date? {
        guard let text = parameters.get(name) else { return nil }
        guard let date = DateTimeParameter.parse(text) else {
            throw GatewayError.invalid(name, "\(name) must be an ISO 8601 date-time, e.g. 2026-11-21T00:00:00Z")
        }
        return date
    }
}
