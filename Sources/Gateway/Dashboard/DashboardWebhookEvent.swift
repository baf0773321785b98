import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// One webhook event's page: the body the endpoints received, each delivery with every
/// attempt (time, HTTP status or why it failed, duration), and for an admin, sending it
/// again to its subscribers or one endpoint, through the API's own use case.
struct DashboardWebhookEvent: Sendable {
    let events: WebhookEventService
    let store: any Store
    let accounts: DashboardAccounts

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        let notice = input.query("resent") == nil ? nil : "Sent again: the new delivery is pending below."
        return .page(try await render(input, notice: notice))
    }

    private func render(_ input: DashboardInput, notice: String? = nil, problem: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let (id, session, user) = (try input.parameter(.id), try input.session, try input.user)
        let details: WebhookEventDetails
        do {
            details = try await events.details(id: id, merchantId: user.merchantId)
        } catch is GatewayFailure {
            throw DashboardFailure.notFound("No webhook event \(id.prefix(64)) for this merchant.")
        }
        let (body, endpoints) = try await store.read { reader in
            (try await reader.webhookEvent(id: id, merchantId: user.merchantId).map { String(decoding: $0.payload, as: UTF8.self) } ?? "",
             try await reader.webhookEndpoints(merchantId: user.merchantId))
        }
        // Deleted endpoints are not listed, so their deliveries show the id.
        let urls = Dictionary(endpoints.map { ($0.id, $0.url) }, uniquingKeysWith: { first, _ in first })
        let subjectId = details.event.data.transaction?.id
        let model = Page(
            title: "Event \(details.event.type)", user: input.layout.user, isAdmin: user.role == .admin, csrf: session.csrfToken,
            key: DashboardCookies.newToken(), resend: DashboardPath.resendWebhookEvent(details.event.id).path, id: details.event.id,
            type: details.event.type, date: input.format.time(details.event.createdAt), subjectId: subjectId,
            subjectLink: subjectId.map { DashboardPath.payment($0).path }, body: body, notice: notice, problem: problem,
            deliveries: details.deliveries.map { delivery in
                Delivery(
                    endpoint: urls[delivery.endpointId] ?? delivery.endpointId, status: delivery.status, attemptCount: delivery.attemptCount,
                    next: delivery.nextAttemptAt.map(input.format.time), attempts: delivery.attempts.map {
                        Attempt(date: input.format.time($0.attemptedAt), status: $0.statusCode.map(String.init) ?? "no answer",
                                error: $0.error ?? "delivered", milliseconds: $0.durationMs)
                    })
            },
            endpoints: endpoints.map { Choice(id: $0.id, url: $0.url) })
        return DashboardResponse.html(DashboardTemplates.shared.render(model), status: status)
    }

    /// Sends the event again, once per form key.
    func resend(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (id, user) = (try input.parameter(.id), try input.user)
        let endpointId = input.form["endpointId"].isEmpty ? nil : input.form["endpointId"]
        do {
            _ = try await events.resend(id: id, merchantId: user.merchantId, endpointId: endpointId)
            try await accounts.audit(user, "resend-webhook-event", subjectId: id, detail: endpointId ?? "all subscribers")
        } catch GatewayFailure.notFound(let resource, let missing) {
            throw DashboardFailure.notFound("No \(resource.rawValue) \(missing.prefix(64)) for this merchant.")
        } catch let failure as GatewayFailure {
            let reason = GatewayError.canonical(failure)?.body.message ?? "\(failure)"
            return .page(try await render(input, problem: "Not sent: \(reason)", status: .badRequest))
        }
        return .redirect(DashboardPath.webhookEvent(id).with([("resent", "1")]))
    }

    struct Attempt {
        var date: String
        var status: String
        var error: String
        var milliseconds: Int
    }

    struct Delivery {
        var endpoint: String
        var status: String
        var attemptCount: Int
        var next: String?
        var attempts: [Attempt]
    }

    struct Choice {
        var id: String
        var url: String
    }

    struct Page: DashboardView {
        static let template = "webhook-event"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var isAdmin: Bool
        var csrf: String
        var key: String
        var resend: String
        var id: String
        var type: String
        var date: String
        var subjectId: String?
        var subjectLink: String?
        var body: String
        var notice: String?
        var problem: String?
        var deliveries: [Delivery]
        var endpoints: [Choice]
    }
}
