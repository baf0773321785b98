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
    let idempotency: IdempotencyGuard
    let accounts: DashboardAccounts

    static let viewerRefusal = "You can look at webhooks but not change them: your role is viewer."

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
                        eventId: event.id, date: DashboardFormat.date(event.createdAt), type: event.type, transactionId: event.transactionId,
                        endpoint: urls[delivery.endpointId] ?? delivery.endpointId, status: delivery.status.rawValue, attempts: delivery.attemptCount))
                }
            }
            return rows
        }
        let model = Page(
            title: "Webhooks", user: DashboardPageModel(title: "", session: session, user: user).user, isAdmin: user.role == .admin,
            csrf: session.csrfToken, endpoints: listed.map {
                EndpointRow(id: $0.id, url: $0.url, events: $0.events.joined(separator: ", "), created: DashboardFormat.date($0.createdAt),
                            key: DashboardCookies.newToken())
            },
            deliveries: recent, secret: secret, problem: problem)
        return DashboardResponse.html(DashboardTemplates.shared.render("webhooks", model), status: status)
    }

    func add(_ request: Request, session: DashboardSession, user: DashboardUser) async throws -> Response {
        let form = try await DashboardForm.read(request, allowed: ["csrf", "url", "events"])
        try form.authorize(session, user, viewerRefusal: Self.viewerRefusal)
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
        try form.authorize(session, user, viewerRefusal: Self.viewerRefusal)
        do {
            let removed = try await endpoints.delete(id: id, merchantId: user.merchantId)
            try await accounts.audit(user, "remove-webhook-endpoint", subjectId: removed.id, detail: removed.url)
        } catch is GatewayFailure {
            throw DashboardFailure.notFound("No webhook endpoint \(id.prefix(64)) for this merchant.")
        }
        return DashboardResponse.redirect("/dashboard/webhooks")
    }

    /// Gives an endpoint a new secret, shown on the page that answers; asks first, since the
    /// old secret stops at once. The form's key makes a resent confirmation rotate once (the
    /// replay cannot show the secret again: it is never stored in the clear).
    func rotate(_ request: Request, id: String, session: DashboardSession, user: DashboardUser) async throws -> Response {
        let buffer = try await request.body.collect(upTo: DashboardForm.maxBytes)
        let form = try DashboardForm.parse(buffer, allowed: ["csrf", "key", "confirm"])
        try form.authorize(session, user, viewerRefusal: Self.viewerRefusal)
        let idempotencyKey = try form.idempotencyKey()
        guard let endpoint = try await store.read({ try await $0.webhookEndpoint(id: id, merchantId: user.merchantId) }),
              endpoint.deletedAt == nil else {
            throw DashboardFailure.notFound("No webhook endpoint \(id.prefix(64)) for this merchant.")
        }
        guard form["confirm"] == "yes" else {
            let page = DashboardConfirmPage(
                title: "Confirm", user: DashboardPageModel(title: "", session: session, user: user).user,
                question: "Give \(endpoint.url) a new signing secret?",
                detail: "The old secret stops working at once: deliveries from now on are signed with the new one.",
                action: "/dashboard/webhooks/\(endpoint.id)/rotate-secret", cancel: "/dashboard/webhooks", csrf: session.csrfToken,
                fields: [.init(name: "key", value: form["key"])])
            return DashboardResponse.html(DashboardTemplates.shared.render("confirm-post", page))
        }
        var secret: String?
        _ = try await idempotency.run(merchantId: user.merchantId, request: request, body: buffer, derivedKey: { _ in idempotencyKey }) { _ in
            secret = try await endpoints.rotateSecret(id: endpoint.id, merchantId: user.merchantId).secret
            try await accounts.audit(user, "rotate-webhook-secret", subjectId: endpoint.id, detail: endpoint.url)
            return (.ok, Data("{}".utf8))
        }
        guard let secret else {
            return try await page(session: session, user: user, problem: "This form already rotated the secret; its new secret was shown once.")
        }
        return try await page(session: session, user: user, secret: secret)
    }

    struct EndpointRow {
        var id: String
        var url: String
        var events: String
        var created: String
        /// The rotate form's idempotency key.
        var key: String
    }

    struct EventRow {
        var eventId: String
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
