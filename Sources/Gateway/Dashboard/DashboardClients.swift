import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// The API clients page: the merchant's clients with their permissions; an admin creates
/// one (its secret shown once, on the page that answers the form) or revokes one (after a
/// confirmation). Both forms carry a key, so a reload acts once.
struct DashboardClients: Sendable {
    let admin: MerchantAdmin
    let store: any Store
    let accounts: DashboardAccounts

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        .page(try await render(input))
    }

    private func render(_ input: DashboardInput, created: MerchantAdmin.NewClient? = nil) async throws -> Response {
        let (session, user) = (try input.session, try input.user)
        let clients = try await store.read { try await $0.apiClients(merchantId: user.merchantId) }
        let model = Page(
            title: "API clients", user: input.layout.user, isAdmin: user.role == .admin, csrf: session.csrfToken,
            key: DashboardCookies.newToken(), clients: clients.map { Row($0, format: input.format) }, newId: created?.client.id, newSecret: created?.secret)
        return DashboardResponse.html(DashboardTemplates.shared.render(model))
    }

    func create(_ input: DashboardInput) async throws -> DashboardOutcome {
        let user = try input.user
        let name = input.form["name"].trimmingCharacters(in: .whitespaces)
        guard (1...100).contains(name.count) else { throw DashboardFailure.badForm("a client's name must be 1 to 100 characters") }
        let created = try await admin.createClient(merchantId: user.merchantId, name: name)
        try await accounts.audit(user, "create-api-client", subjectId: created.client.id, detail: name)
        return .shownOnce(try await render(input, created: created), then: .clients)
    }

    func confirmRevoke(_ input: DashboardInput) async throws -> DashboardConfirmation {
        let client = try await client(input)
        return DashboardConfirmation(
            question: "Revoke the API client \(client.name)?",
            detail: "It gets no new token from now on; a token it holds lasts until it expires (at most 15 minutes).", cancel: .clients)
    }

    func revoke(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (user, client) = (try input.user, try await client(input))
        do {
            _ = try await admin.revokeClient(id: client.id, merchantId: user.merchantId)
        } catch is AdminError {
            throw DashboardFailure.notFound("No API client \(client.id.prefix(64)) for this merchant.")
        }
        try await accounts.audit(user, "revoke-api-client", subjectId: client.id)
        return .redirect(.clients)
    }

    private func client(_ input: DashboardInput) async throws -> APIClient {
        let (id, merchantId) = (try input.parameter(.id), try input.user.merchantId)
        guard let client = try await store.read({ try await $0.apiClient(id: id) }), client.merchantId == merchantId else {
            throw DashboardFailure.notFound("No API client \(id.prefix(64)) for this merchant.")
        }
        return client
    }

    struct Row {
        var id: String
        var link: String
        var revoke: String
        /// The revoke form's idempotency key.
        var key: String
        var name: String
        var permissions: String
        var created: String
        var revoked: String?

        init(_ client: APIClient, format: MerchantFormat) {
            id = client.id
            link = DashboardPath.client(client.id).path
            revoke = DashboardPath.revokeClient(client.id).path
            key = DashboardCookies.newToken()
            name = client.name
            permissions = client.permissions.joined(separator: ", ")
            created = format.time(client.createdAt)
            revoked = client.revokedAt.map(format.time)
        }
    }

    struct Page: DashboardView {
        static let template = "clients"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var isAdmin: Bool
        var csrf: String
        var create = DashboardPath.clients.path
        /// The create form's idempotency key.
        var key: String
        var clients: [Row]
        var newId: String?
        var newSecret: String?
    }
}
