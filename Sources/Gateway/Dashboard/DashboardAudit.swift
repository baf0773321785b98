import Foundation
import Hummingbird
import Storage

/// The merchant's audit list: who signed in and out, and every action taken.
struct DashboardAudit: Sendable {
    let store: any Store
    static let limit = 200

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        let user = try input.user
        let entries = try await store.read { try await $0.dashboardAudit(merchantId: user.merchantId, limit: Self.limit) }
        let model = Page(title: "Audit", user: input.layout.user, limit: Self.limit, entries: entries.map { Entry($0, format: input.format) })
        return .page(DashboardResponse.html(DashboardTemplates.shared.render(model)))
    }

    struct Entry {
        var at: String
        var email: String
        var action: String
        var subject: String?
        var link: String
        var detail: String

        init(_ entry: DashboardAuditEntry, format: MerchantFormat) {
            at = format.time(entry.at)
            email = entry.userEmail
            action = entry.action
            subject = entry.subjectId
            link = Self.page(of: entry.action, subject: entry.subjectId ?? "").path
            detail = entry.detail ?? ""
        }

        /// The page an entry's subject is on, by what was done to it.
        static func page(of action: String, subject: String) -> DashboardPath {
            switch action {
            case "close-batch": return .batches
            case "create-api-client", "revoke-api-client", "update-api-client-permissions": return .client(subject)
            case "add-webhook-endpoint", "remove-webhook-endpoint", "rotate-webhook-secret": return .webhooks
            case "resend-webhook-event": return .webhookEvent(subject)
            case _ where action.hasPrefix("tap-to-pay-"): return .devices
            default: return .payment(subject)
            }
        }
    }

    struct Page: DashboardView {
        static let template = "audit"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var limit: Int
        var entries: [Entry]
    }
}
