import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// The API clients page: the merchant's clients with their permissions; an admin creates
/// one (its secret shown once, on the page that answers the form) or revokes one.
struct DashboardClients: Sendable {
    let admin: MerchantAdmin
    let store: any Store
    let accounts: DashboardAccounts

    func page(session: DashboardSession, user: DashboardUser, created: MerchantAdmin.NewClient? = nil) async throws -> Response {
        let clients = try await store.read { try await $0.apiClients(merchantId: user.merchantId) }
        let model = Page(
            title: "API clients", user: DashboardPageModel(title: "", session: session, user: user).user, isAdmin: user.role == .admin,
            csrf: session.csrfToken, clients: clients.map(Row.init), newId: created?.client.id, newSecret: created?.secret)
        return DashboardResponse.html(DashboardTemplates.shared.render("clients", model))
    }

    func create(_ request: Request, session: DashboardSession, user: DashboardUser) async throws -> Response {
        let form = try await DashboardForm.read(request, allowed: ["csrf", "name"])
        try form.authorize(session, user, viewerRefusal: Self.viewerRefusal)
        let name = form["name"].trimmingCharacters(in: .whitespaces)
        guard (1...100).contains(name.count) else { throw DashboardFailure.badForm("a client's name must be 1 to 100 characters") }
        let created = try await admin.createClient(merchantId: user.merchantId, name: name)
        try await accounts.audit(user, "create-api-client", subjectId: created.client.id, detail: name)
        return try await page(session: session, user: user, created: created)
    }

    func revoke(_ request: Request, id: String, session: DashboardSession, user: DashboardUser) async throws -> Response {
        let form = try await DashboardForm.read(request, allowed: ["csrf"])
        try form.authorize(session, user, viewerRefusal: Self.viewerRefusal)
        do {
            _ = try await admin.revokeClient(id: id, merchantId: user.merchantId)
        } catch is AdminError {
            throw DashboardFailure.notFound("No API client \(id.prefix(64)) for this merchant.")
        }
        try await accounts.audit(user, "revoke-api-client", subjectId: id)
        return DashboardResponse.redirect("/dashboard/clients")
    }

    static let viewerRefusal = "You can look at API clients but not change them: your role is viewer."

    struct Row {
        var id: String
        var name: String
        var permissions: String
        var created: String
        var revoked: String?

        init(_ client: APIClient) {
            id = client.id
            name = client.name
            permissions = client.permissions.joined(separator: ", ")
            created = DashboardFormat.date(client.createdAt)
            revoked = client.revokedAt.map(DashboardFormat.date)
        }
    }

    struct Page {
        var title: String
        var user: DashboardPageModel.UserModel?
        var isAdmin: Bool
        var csrf: String
        var clients: [Row]
        var newId: String?
        var newSecret: String?
    }
}
