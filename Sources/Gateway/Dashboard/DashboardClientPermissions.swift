import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// One API client's page: its permissions as checkboxes, which an admin changes through
/// `MerchantAdmin.updatePermissions` (what `tapline client permissions` uses). A token
/// carries its permissions, so a change applies from the client's next token.
struct DashboardClientPermissions: Sendable {
    let admin: MerchantAdmin
    let store: any Store
    let accounts: DashboardAccounts

    /// A checkbox's form field: `p.` and the permission's name.
    static func field(_ permission: APIPermission) -> String { "p.\(permission.rawValue)" }
    static let fields = Set(APIPermission.allCases.map(field) + ["csrf"])

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        .page(try await render(input))
    }

    private func render(_ input: DashboardInput, notice: String? = nil) async throws -> Response {
        let (id, session, user) = (try input.parameter(.id), try input.session, try input.user)
        guard let client = try await store.read({ try await $0.apiClient(id: id) }), client.merchantId == user.merchantId else {
            throw DashboardFailure.notFound("No API client \(id.prefix(64)) for this merchant.")
        }
        let held = Set(client.permissions)
        let model = Page(
            title: "API client \(client.name)", user: input.layout.user, save: DashboardPath.clientPermissions(client.id).path,
            canEdit: user.role == .admin && client.revokedAt == nil, csrf: session.csrfToken, id: client.id, name: client.name,
            revoked: client.revokedAt.map(input.format.time), notice: notice,
            permissions: APIPermission.allCases.map {
                Permission(field: Self.field($0), name: $0.rawValue, held: held.contains($0.rawValue))
            })
        return DashboardResponse.html(DashboardTemplates.shared.render(model))
    }

    /// Sets the client's permissions to the boxes checked, all others removed.
    func save(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (id, user, form) = (try input.parameter(.id), try input.user, input.form)
        guard let client = try await store.read({ try await $0.apiClient(id: id) }), client.merchantId == user.merchantId else {
            throw DashboardFailure.notFound("No API client \(id.prefix(64)) for this merchant.")
        }
        guard client.revokedAt == nil else { throw DashboardFailure.badForm("this client is revoked: its permissions no longer change anything") }
        let checked = APIPermission.allCases.filter { form[Self.field($0)] == "on" }
        let unchecked = APIPermission.allCases.filter { form[Self.field($0)] != "on" }
        let held = try await admin.updatePermissions(clientId: id, merchantId: user.merchantId, grant: checked, revoke: unchecked)
        let before = Set(client.permissions)
        let added = held.map(\.rawValue).filter { !before.contains($0) }
        let removed = client.permissions.filter { !held.map(\.rawValue).contains($0) }
        try await accounts.audit(
            user, "update-api-client-permissions", subjectId: id,
            detail: "added: \(added.isEmpty ? "none" : added.joined(separator: ", ")); removed: \(removed.isEmpty ? "none" : removed.joined(separator: ", "))")
        return .page(try await render(input, notice: "Saved: \(held.count) permissions. They apply from the client's next token."))
    }

    struct Permission {
        var field: String
        var name: String
        var held: Bool
    }

    struct Page: DashboardView {
        static let template = "client"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var save: String
        var all = DashboardPath.clients.path
        var canEdit: Bool
        var csrf: String
        var id: String
        var name: String
        var revoked: String?
        var notice: String?
        var permissions: [Permission]
    }
}
