import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// The webhook endpoints page: the merchant's endpoints with their latest deliveries, and
/// for an admin, adding one (its secret shown once, on the page that answers the form),
/// rotating its secret (after a confirmation) and removing one, through the same service and
/// validation as the API.
struct DashboardWebhooks: Sendable {
    let endpoints: WebhookEndpointService
    let store: any Store
    let accounts: DashboardAccounts

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        .page(try await render(input))
    }

    private func render(
        _ input: DashboardInput, secret: String? = nil, problem: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let (session, user) = (try input.session, try input.user)
        let listed = try await endpoints.list(merchantId: user.merchantId)
        let recent = try await store.read { reader -> [EventRow] in
            var query = WebhookEventQuery(merchantId: user.merchantId)
            query.pageSize = 20
            let urls = Dictionary(try await reader.webhookEndpoints(merchantId: user.merchantId).map { ($0.id, $0.url) }, uniquingKeysWith: { a, _ in a })
            var rows: [EventRow] = []
            for event in try await reader.webhookEvents(query).items {
                for delivery in try await reader.webhookDeliveries(eventId: event.id, merchantId: user.merchantId) {
                    rows.append(EventRow(
                        eventId: event.id, eventLink: DashboardPath.webhookEvent(event.id).path, date: input.format.time(event.createdAt),
                        type: event.type, transactionId: event.transactionId, paymentLink: DashboardPath.payment(event.transactionId).path,
                        endpoint: urls[delivery.endpointId] ?? delivery.endpointId, status: delivery.status.rawValue, attempts: delivery.attemptCount))
                }
            }
            return rows
        }
        let model = Page(
            title: "Webhooks", user: input.layout.user, isAdmin: user.role == .admin, csrf: session.csrfToken, key: DashboardCookies.newToken(),
            endpoints: listed.map { EndpointRow($0, format: input.format) }, deliveries: recent, secret: secret, problem: problem)
        return DashboardResponse.html(DashboardTemplates.shared.render(model), status: status)
    }

    func add(_ input: DashboardInput) async throws -> DashboardOutcome {
        let user = try input.user
        let events = input.form["events"].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        do {
            let created = try await endpoints.create(
                CreateWebhookEndpointRequest(url: input.form["url"], events: events.isEmpty ? nil : events), merchantId: user.merchantId)
            try await accounts.audit(user, "add-webhook-endpoint", subjectId: created.id, detail: created.url)
            return .shownOnce(try await render(input, secret: created.secret), then: .webhooks)
        } catch let failure as DashboardFailure {
            throw failure
        } catch {
            guard let refusal = GatewayError.canonical(error) else { throw error }
            return .page(try await render(input, problem: "Not added: \(refusal.body.message)", status: .badRequest))
        }
    }

    func confirmRemove(_ input: DashboardInput) async throws -> DashboardConfirmation {
        let endpoint = try await endpoint(input)
        return DashboardConfirmation(
            question: "Remove the webhook endpoint \(endpoint.url)?",
            detail: "No event is sent to it from now on, and deliveries waiting for a retry stop.", cancel: .webhooks)
    }

    func remove(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (user, endpoint) = (try input.user, try await endpoint(input))
        do {
            let removed = try await endpoints.delete(id: endpoint.id, merchantId: user.merchantId)
            try await accounts.audit(user, "remove-webhook-endpoint", subjectId: removed.id, detail: removed.url)
        } catch is GatewayFailure {
            throw DashboardFailure.notFound("No webhook endpoint \(endpoint.id.prefix(64)) for this merchant.")
        }
        return .redirect(.webhooks)
    }

    func confirmRotate(_ input: DashboardInput) async throws -> DashboardConfirmation {
        let endpoint = try await endpoint(input)
        return DashboardConfirmation(
            question: "Give \(endpoint.url) a new signing secret?",
            detail: "The old secret stops working at once: deliveries from now on are signed with the new one.", cancel: .webhooks)
    }

    /// Gives an endpoint a new secret, shown once on the page that answers (the same form
    /// sent again rotates nothing: the secret is never stored in the clear).
    func rotate(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (user, endpoint) = (try input.user, try await endpoint(input))
        let secret = try await endpoints.rotateSecret(id: endpoint.id, merchantId: user.merchantId).secret
        try await accounts.audit(user, "rotate-webhook-secret", subjectId: endpoint.id, detail: endpoint.url)
        return .shownOnce(try await render(input, secret: secret), then: .webhooks)
    }

    /// The route's endpoint, this merchant's and not removed.
    private func endpoint(_ input: DashboardInput) async throws -> WebhookEndpoint {
        let (id, merchantId) = (try input.parameter(.id), try input.user.merchantId)
        guard let endpoint = try await store.read({ try await $0.webhookEndpoint(id: id, merchantId: merchantId) }), endpoint.deletedAt == nil else {
            throw DashboardFailure.notFound("No webhook endpoint \(id.prefix(64)) for this merchant.")
        }
        return endpoint
    }

    struct EndpointRow {
        var id: String
        var url: String
        var events: String
        var created: String
        var rotate: String
        var remove: String
        /// The rotate and remove forms' idempotency keys.
        var key: String
        var removeKey: String

        init(_ endpoint: WebhookEndpointResource, format: MerchantFormat) {
            id = endpoint.id
            url = endpoint.url
            events = endpoint.events.joined(separator: ", ")
            created = format.time(endpoint.createdAt)
            rotate = DashboardPath.rotateWebhookSecret(endpoint.id).path
            remove = DashboardPath.removeWebhook(endpoint.id).path
            key = DashboardCookies.newToken()
            removeKey = DashboardCookies.newToken()
        }
    }

    struct EventRow {
        var eventId: String
        var eventLink: String
        var date: String
        var type: String
        var transactionId: String
        var paymentLink: String
        var endpoint: String
        var status: String
        var attempts: Int
    }

    struct Page: DashboardView {
        static let template = "webhooks"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var isAdmin: Bool
        var csrf: String
        var add = DashboardPath.webhooks.path
        /// The add form's idempotency key.
        var key: String
        var endpoints: [EndpointRow]
        var deliveries: [EventRow]
        var secret: String?
        var problem: String?
    }
}
