import Foundation
import Hummingbird
import Storage

/// The merchant's audit list: who signed in and out, and every action taken.
struct DashboardAudit: Sendable {
    let store: any Store
    static let limit = 200

    func page(session: DashboardSession, user: DashboardUser) async throws -> Response {
        let entries = try await store.read { try await $0.dashboardAudit(merchantId: user.merchantId, limit: Self.limit) }
        let model = Page(
            title: "Audit", user: DashboardPageModel(title: "", session: session, user: user).user, limit: Self.limit,
            entries: entries.map(Entry.init))
        return DashboardResponse.html(DashboardTemplates.shared.render("audit", model))
    }

    struct Entry {
        var at: String
        var email: String
        var action: String
        var subject: String?
        var link: String
        var detail: String

        init(_ entry: DashboardAuditEntry) {
            at = DashboardFormat.date(entry.at)
            email = entry.userEmail
            action = entry.action
            subject = entry.subjectId
            // A closed batch's id leads to the batches page; anything else is a transaction.
            link = entry.action == "close-batch" ? "/dashboard/batches" : "/dashboard/payments/\(entry.subjectId ?? "")"
            detail = entry.detail ?? ""
        }
    }

    struct Page {
        var title: String
        var user: DashboardPageModel.UserModel?
        var limit: Int
        var entries: [Entry]
    }
}
