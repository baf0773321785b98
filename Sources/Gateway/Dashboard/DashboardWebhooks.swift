import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// The webhook endpoints page: the merchant's endpoints with their latest deliveries, and
/// for an admin, adding one (its secret shown once, on the page that answers the form) and
/// removing one, through the same service and validation as the API.
struct DashboardWebhooks: Sendable {
    let endpoints: WebhookEndpointService
    let store: any Store
    let accounts: DashboardAccounts

    func page(
        session: DashboardSession, user: DashboardUser, secret: String? = nil, problem: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let listed = try await endpoints.list(merchantId: user.merchantId)
        let recent = try await store.read { reader -> [EventRow] in
            var query = WebhookEventQuery(merchantId: user.merchantId)
            query.pageSize = 20
            let urls = Dictionary(try await reader.webhookEndpoints(merchantId: user.merchantId).map { ($0.id, $0.url) }, uniquingKeysWith: { a, _ in a })
            var rows: [EventRow] = []
            for event in try await reader.webhookEvents(query).items {
                for delivery in try await reader.webhookDeliveries(eventId: event.id, merchantId: user.merchantId) {
                    rows.append(EventRow(
                        date: DashboardFormat.date(event.createdAt), type: event.type, transactionId: event.transactionId,
                        endpoint: urls[delivery.endpointId] ?? delivery.endpointId, status: delivery.status.rawValue, attempts: delivery.attemptCount))
                }
            }
            return rows
        }
        let model = Page(
            title: "Webhooks", user: DashboardPageModel(title: "", session: session, user: user).user, isAdmin: user.role == .admin,
            csrf: session.csrfToken, endpoints: listed.map { EndpointRow(id: $0.id, url: $0.url, events: $0.events.joined(separator: ", "), created: DashboardFormat.date($0.createdAt)) },
            deliveries: recent, secret: secret, problem: problem)
        return DashboardResponse.html(DashboardTemplates.shared.render("webhooks", model), status: status)
    }

    func add(_ request: Request, session: DashboardSession, user: DashboardUser) async throws -> Response {
        let form = try await DashboardForm.read(request, allowed: ["csrf", "url", "events"])
        try form.authorize(session, user, viewerRefusal: "You can look at webhooks but not change them: your role is viewer.")
        let events = form["events"].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        do {
            let created = try await endpoints.create(CreateWebhookEndpointRequest(url: form["url"], events: events.isEmpty ? nil : events), merchantId: user.merchantId)
            try await accounts.audit(user, "add-webhook-endpoint", subjectId: created.id, detail: created.url)
            return try await page(session: session, user: user, secret: created.secret)
        } catch let failure as DashboardFailure {
            throw failure
        } catch {
            guard let refusal = GatewayError.canonical(error) else { throw error }
            return try await page(session: session, user: user, problem: "Not added: \(refusal.body.message)", status: .badRequest)
        }
    }

    func remove(_ request: Request, id: String, session: DashboardSession, user: DashboardUser) async throws -> Response {
        let form = try await DashboardForm.read(request, allowed: ["csrf"])
        try form.authorize(session, user, viewerRefusal: "You can look at webhooks but not change them: your role is viewer.")
        do {
            let removed = try await endpoints.delete(id: id, merchantId: user.merchantId)
            try await accounts.audit(user, "remove-webhook-endpoint", subjectId: removed.id, detail: removed.url)
        } catch is GatewayFailure {
            throw DashboardFailure.notFound("No webhook endpoint \(id.prefix(64)) for this merchant.")
        }
        return DashboardResponse.redirect("/dashboard/webhooks")
    }

    struct EndpointRow {
        var id: String
        var url: String
        var events: String
        var created: String
    }

    struct EventRow {
        var date: String
        var type: String
        var transactionId: String
        var endpoint: String
        var status: String
        var attempts: Int
    }

    struct Page {
        var title: String
        var user: DashboardPageModel.UserModel?
        var isAdmin: Bool
        var csrf: String
        var endpoints: [EndpointRow]
        var deliveries: [EventRow]
        var secret: String?
        var problem: String?
    }
}
