import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Storage
import TestSupport
import Testing

/// Every page of the dashboard rendered from a fixed model and compared with its HTML in
/// `Snapshots/` (as the Swift Package Index server pins its pages): a field renamed in a
/// model or a template renders differently, and fails here instead of showing an empty cell.
/// `TAPLINE_RECORD_SNAPSHOTS=1 swift test --filter DashboardSnapshotTests` writes them anew.
@Suite("Dashboard: every page's HTML")
struct DashboardSnapshotTests {
    static let user = DashboardPageModel.UserModel(email: "admin@shop.example", role: "admin", csrf: "CSRF", merchant: "Corner Café", timeZone: "America/New_York")
    static let when = Fixtures.epoch
    /// A merchant in New York: times four or five hours behind UTC.
    static let format = MerchantFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)

    @Test func signIn() throws {
        try Self.check(DashboardSignIn.Page(
            title: "Sign in", csrf: "CSRF", next: "/dashboard/payments/t_1", email: "ada@shop.example", message: "The email, password or code is not right."))
    }

    @Test func payments() throws {
        let rows = [Fixtures.fullTransaction(), Fixtures.transaction(id: "t_2", amount: 1_800)].map { DashboardPayments.Row($0, format: Self.format) }
        var filters = DashboardPayments.Filters()
        filters.q = "Ada Lovelace"
        let chart = DashboardVolumeChart(volumes: [], endingOn: 20_250, currency: .usd, format: Self.format)
        try Self.check(DashboardPayments.ListPage(
            title: "Payments", user: Self.user, filters: filters,
            statuses: [.init(value: "captured", selected: true), .init(value: "voided", selected: false)],
            types: [.init(value: "sale", selected: false)], rows: rows, total: 30, page: 1, pages: 2,
            export: DashboardPath.paymentsCSV.with([("q", "Ada Lovelace")]), volume: .init(chart), previous: nil,
            next: DashboardPath.payments.with([("q", "Ada Lovelace"), ("page", "2")])))
    }

    @Test func payment() throws {
        var page = DashboardPaymentPage(Fixtures.fullTransaction(), operations: [], layout: DashboardPageModel(title: ""), format: Self.format)
        page.user = Self.user
        page.actions = [DashboardPaymentPage.ActionForm(
            action: "refund", label: "Refund", paymentId: "t_full", post: DashboardPath.paymentAction("t_full").path, csrf: "CSRF", key: "KEY",
            takesAmount: true, hint: "at most 10.00 USD")]
        page.events = [.init(id: "evt_1", link: DashboardPath.webhookEvent("evt_1").path, date: "2025-06-15 15:06", type: "transaction.captured",
                             deliveries: "https://shop.example/hooks: delivered after 1 attempt(s)")]
        page.notice = "Refund: done."
        page.disputes = [DashboardDisputes.Row(Self.dispute(status: .needsResponse), format: Self.format)]
        try Self.check(page)
    }

    @Test func batches() throws {
        try Self.check(DashboardBatches.Page(
            title: "Batches", user: Self.user, batches: [.init(Fixtures.batch(), format: Self.format)], canClose: true, page: 2, pages: 3,
            previous: DashboardPath.batches.with([("page", "1")]), next: DashboardPath.batches.with([("page", "3")]), csrf: "CSRF", key: "KEY",
            notice: "The batch was closed and settled."))
    }

    @Test func devices() throws {
        try Self.check(DashboardDevices.Page(title: "Devices", user: Self.user, isAdmin: true, csrf: "CSRF", devices: [.init(Fixtures.device(), format: Self.format)]))
    }

    @Test func clients() throws {
        try Self.check(DashboardClients.Page(
            title: "API clients", user: Self.user, isAdmin: true, csrf: "CSRF", key: "KEY", clients: [.init(Fixtures.apiClient(), format: Self.format)],
            newId: "c_1", newSecret: "SECRET"))
    }

    @Test func client() throws {
        try Self.check(DashboardClientPermissions.Page(
            title: "API client Till", user: Self.user, save: DashboardPath.clientPermissions("c_1").path, canEdit: true, csrf: "CSRF",
            id: "c_1", name: "Till", revoked: nil, notice: "Saved.",
            permissions: [.init(field: "p.ecommerceSale", name: "ecommerceSale", held: true), .init(field: "p.refund", name: "refund", held: false)]))
    }

    @Test func settings() throws {
        try Self.check(DashboardPaymentSettings.Page(
            title: "Payment settings", user: Self.user, isAdmin: true, csrf: "CSRF", notice: nil, problem: "Not saved: the surcharge is too high",
            fields: [
                .init(name: "surchargeRate", label: "Surcharge rate (%)", text: "3.5"),
                .init(name: "avsProfile", label: "AVS profile", choice: [.init(value: "Strict", text: "Strict", selected: true)]),
                .init(name: "tipsEnabled", label: "Tips", checked: true),
            ]))
    }

    @Test func audit() throws {
        let entries = [("refund", "t_1"), ("revoke-api-client", "c_1"), ("close-batch", "b_1")].map {
            DashboardAudit.Entry(DashboardAuditEntry(
                id: "a_\($0.1)", merchantId: "m_1", userId: "u_1", userEmail: "admin@shop.example", action: $0.0, subjectId: $0.1, at: Self.when), format: Self.format)
        }
        try Self.check(DashboardAudit.Page(title: "Audit", user: Self.user, limit: 200, entries: entries))
    }

    @Test func webhooks() throws {
        let endpoint = WebhookEndpointResource(id: "we_1", url: "https://shop.example/<hooks>", events: ["*"], description: nil, createdAt: Self.when)
        try Self.check(DashboardWebhooks.Page(
            title: "Webhooks", user: Self.user, isAdmin: true, csrf: "CSRF", key: "KEY", endpoints: [.init(endpoint, format: Self.format)],
            deliveries: [.init(eventId: "evt_1", eventLink: DashboardPath.webhookEvent("evt_1").path, date: "2025-06-15 15:06",
                               type: "transaction.captured", transactionId: "t_1", paymentLink: DashboardPath.payment("t_1").path,
                               endpoint: "https://shop.example/<hooks>", status: "delivered", attempts: 1)],
            secret: "whsec_SECRET", problem: nil))
    }

    @Test func webhookEvent() throws {
        try Self.check(DashboardWebhookEvent.Page(
            title: "Event transaction.captured", user: Self.user, isAdmin: true, csrf: "CSRF", key: "KEY",
            resend: DashboardPath.resendWebhookEvent("evt_1").path, id: "evt_1", type: "transaction.captured", date: "2025-06-15 15:06",
            subjectId: "t_1", subjectLink: DashboardPath.payment("t_1").path, body: #"{"type":"transaction.captured"}"#, notice: nil,
            problem: nil,
            deliveries: [.init(endpoint: "https://shop.example/hooks", status: "failed", attemptCount: 1, next: "2025-06-15 15:07",
                               attempts: [.init(date: "2025-06-15 15:06", status: "500", error: "the endpoint answered 500", milliseconds: 12)])],
            endpoints: [.init(id: "we_1", url: "https://shop.example/hooks")]))
    }

    @Test func confirmation() throws {
        try Self.check(DashboardConfirmPage(
            title: "Confirm", user: Self.user, question: "Refund $5.00 on sale $25.00?", detail: "Reference: order-1",
            action: DashboardPath.paymentAction("t_1").path, cancel: DashboardPath.payment("t_1").path, csrf: "CSRF",
            fields: [.init(name: "action", value: "refund"), .init(name: "amount", value: "5.00"), .init(name: "key", value: "KEY")]))
    }

    @Test func error() throws {
        try Self.check(DashboardResponse.ErrorPage(
            title: "Not done", user: Self.user, heading: "Not done", message: "Nothing was changed: the batch is closed.",
            back: DashboardPath.batches.path, backLabel: "Back"))
    }

    @Test func team() throws {
        let me = DashboardUser(id: "u_1", merchantId: "m_1", email: "admin@shop.example", role: .admin, passwordHash: "x", createdAt: Self.when)
        var invited = DashboardUser(id: "u_2", merchantId: "m_1", email: "ann@shop.example", role: .viewer, passwordHash: "", createdAt: Self.when)
        invited.invitationExpiresAt = Self.when.addingTimeInterval(3600)
        var forced = DashboardUser(id: "u_3", merchantId: "m_1", email: "bob@shop.example", role: .admin, passwordHash: "x", createdAt: Self.when)
        forced.mustChangePassword = true
        try Self.check(DashboardTeam.Page(
            title: "Team", user: Self.user, isAdmin: true, csrf: "CSRF", key: "KEY",
            members: [me, invited, forced].map { DashboardTeam.Member($0, me: me, now: Self.when, format: Self.format) },
            invitedEmail: "ann@shop.example", invitationLink: "http://127.0.0.1:8080/dashboard/invitation/TOKEN", lifetime: "72 hours"))
    }

    @Test func password() throws {
        try Self.check(DashboardPassword.Page(
            title: "Your password", user: Self.user, csrf: "CSRF", required: "An admin asks you to choose a new password before you go on.",
            notice: nil, problem: "Not changed: the two passwords differ.", minimum: 12, twoFactorOn: false,
            secret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
            uri: TOTP(base32: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")?.uri(account: "admin@shop.example", issuer: "Tapline")))
    }

    @Test func invitation() throws {
        try Self.check(DashboardPassword.InvitationPage(
            title: "Join ann@shop.example", action: DashboardPath.invitation("TOKEN").path, csrf: "CSRF", email: "ann@shop.example",
            role: "viewer", problem: nil, minimum: 12))
    }

    @Test func receipt() throws {
        var receipt = ReceiptBuilder.receipt(
            of: Fixtures.fullTransaction(), payment: nil,
            merchant: MerchantResource(name: "Corner Café", address: "1 Main St, Springfield, IL 62701, US", phoneNumber: "+1 217 555 0100"))
        receipt.signatureBase64 = "iVBORw0KGgo="
        try Self.check(ReceiptPage(receipt, format: Self.format, back: DashboardPath.payment("t_full").path))
    }

    @Test func disputes() throws {
        let open = Self.dispute(status: .needsResponse)
        let lost = Self.dispute(id: "dp_2", status: .lost)
        try Self.check(DashboardDisputes.ListPage(
            title: "Disputes", user: Self.user, rows: [open, lost].map { DashboardDisputes.Row($0, format: Self.format) }, hasRows: true,
            total: 27, page: 1, pages: 2, previous: nil, next: DashboardPath.disputes.with([("page", "2")])))
    }

    @Test func dispute() throws {
        var dispute = Self.dispute(status: .needsResponse)
        dispute.evidence = DisputeEvidenceResource(
            text: "Delivered on 2 May.\nSigned for.", submittedAt: Self.when,
            files: [DisputeEvidenceFileResource(id: "f_1", name: "delivery <note>.pdf", contentType: "application/pdf", size: 48_213)])
        var page = DashboardDisputes.DisputePage(
            dispute, format: Self.format, layout: DashboardPageModel(title: ""), canAnswer: true, csrf: "CSRF", currency: .usd)
        page.user = Self.user
        try Self.check(page)
    }

    static func dispute(id: String = "dp_1", status: DisputeStatus) -> DisputeResource {
        DisputeResource(
            id: id, paymentId: "t_full", reference: "CB-2026-\(id)", reasonCode: "10.4", reason: "Other fraud: card-absent environment",
            amount: 1_800, currency: "USD", status: status, respondBy: Self.when.addingTimeInterval(7 * 86_400), evidence: nil,
            chargebackId: status.debitsMerchant ? "t_cb" : nil, createdAt: Self.when, updatedAt: Self.when,
            closedAt: status.isClosed ? Self.when : nil)
    }

    /// Every template but the layout (which every page includes) has its snapshot here.
    @Test func everyTemplateIsPinned() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let templates = here.appendingPathComponent("../../../Sources/Gateway/Resources/dashboard").standardized
        let names = { (folder: URL, suffix: String) in
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) })
        }
        #expect(try names(templates, ".mustache").subtracting(["layout"]) == names(here.appendingPathComponent("Snapshots"), ".html"))
    }

    /// Renders `page` and compares it with its snapshot (each fresh form key made the same).
    static func check<Page: DashboardView>(_ page: Page, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let html = DashboardTemplates.shared.render(page).replacing(#/name="key" value="[^"]*"/#, with: #"name="key" value="KEY""#)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(Page.template).html")
        if ProcessInfo.processInfo.environment["TAPLINE_RECORD_SNAPSHOTS"] == "1" {
            try html.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let pinned = try String(contentsOf: file, encoding: .utf8)
        let same = html == pinned
        #expect(same, "\(Page.template).html differs: \(firstDifference(html, pinned))", sourceLocation: sourceLocation)
    }

    /// The first line that differs, for the failure message.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let (left, right) = (a.split(separator: "\n", omittingEmptySubsequences: false), b.split(separator: "\n", omittingEmptySubsequences: false))
        for (index, (x, y)) in zip(left, right).enumerated() where x != y { return "line \(index + 1): \(x) ≠ \(y)" }
        return "\(left.count) lines against \(right.count)"
    }
}
