import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// The Disputes pages: the list, one dispute, an admin's evidence (text and files, posted as
/// a browser posts a form with files) and acceptance (asked first), a viewer who only looks,
/// and another merchant's dispute.
@Suite("Dashboard: disputes")
struct DashboardDisputesTests {
    @Test func anAdminAnswersWithTextAndFilesAndTheFilesComeBackAsAttachments() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let (sale, dispute) = try await session.disputedSale(amount: 1_800)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let list = try await browser.get("/dashboard/disputes")
            #expect(list.status == 200 && list.text.contains(#"<a href="/dashboard/disputes/\#(dispute.id)">CB-1</a>"#), "\(list.text.prefix(300))")
            #expect(list.text.contains("$18.00") && list.text.contains("needsResponse"))
            let page = try await browser.get("/dashboard/disputes/\(dispute.id)")
            #expect(page.status == 200 && page.text.contains(#"enctype="multipart/form-data""#))
            #expect(page.text.contains(#"<a href="/dashboard/payments/\#(sale.id)" id="dispute-payment">"#))
            let action = "/dashboard/disputes/\(dispute.id)/evidence"
            let form = [("csrf", DashboardBrowser.csrf(in: page)), ("key", DashboardBrowser.key(in: page, action: action)),
                        ("text", "Delivered on 2 May;\r\nsigned for by the cardholder.")]
            let pdf = Data("%PDF-1.4\n\u{0}\u{1}binary".utf8)
            let files = [(field: "files", filename: "delivery \"note\".pdf", type: "application/pdf", data: pdf),
                         (field: "files", filename: "", type: "application/octet-stream", data: Data())]
            let sent = try await browser.postMultipart(action, form, files: files)
            #expect(sent.status == 303 && sent.headers[.location] == "/dashboard/disputes/\(dispute.id)", "\(sent.text.prefix(400))")
            #expect(try await browser.postMultipart(action, form, files: files).status == 303, "a resent form gets the first one's outcome")
            let answered = try await session.send(.get, APIPath.dispute(dispute.id)).decode(DisputeResource.self)
            #expect(answered.status == .underReview)
            #expect(answered.evidence?.text == "Delivered on 2 May;\r\nsigned for by the cardholder.")
            let file = try #require(answered.evidence?.files.first)
            #expect(answered.evidence?.files.count == 1, "no file chosen is no file")
            #expect(file.name == #"delivery "note".pdf"# && file.size == pdf.count)
            let after = try await browser.get("/dashboard/disputes/\(dispute.id)")
            #expect(!after.text.contains("Submit evidence"), "answered: no more forms")
            let link = "/dashboard/disputes/\(dispute.id)/evidence/\(file.id)"
            #expect(after.text.contains(#"<a href="\#(link)">delivery &quot;note&quot;.pdf</a>"#), "\(after.text)")
            let download = try await browser.get(link)
            #expect(download.status == 200 && download.body == pdf && download.headers[.contentDisposition]?.hasPrefix("attachment") == true)
            let audit = try await browser.get("/dashboard/audit")
            #expect(audit.text.contains("dispute.evidence"))
        }
    }

    @Test func acceptingIsAskedFirstThenTakesTheMoneyBack() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let (sale, dispute) = try await session.disputedSale(amount: 1_800)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/disputes/\(dispute.id)")
            let action = "/dashboard/disputes/\(dispute.id)/accept"
            let form = [("csrf", DashboardBrowser.csrf(in: page)), ("key", DashboardBrowser.key(in: page, action: action))]
            let asked = try await browser.post(action, form)
            #expect(asked.status == 200 && asked.text.contains("give back $18.00?"), "\(asked.text.prefix(400))")
            #expect(try await session.send(.get, APIPath.dispute(dispute.id)).decode(DisputeResource.self).status == .needsResponse)
            let done = try await browser.post(action, form + [("confirm", "yes")])
            #expect(done.status == 303 && done.headers[.location] == "/dashboard/disputes/\(dispute.id)")
            let closed = try await browser.get("/dashboard/disputes/\(dispute.id)")
            #expect(closed.text.contains(#"id="dispute-status">accepted<"#) && closed.text.contains(#"id="chargeback""#))
            let payment = try await browser.get("/dashboard/payments/\(sale.id)")
            #expect(payment.text.contains(#"<a href="/dashboard/disputes/\#(dispute.id)">10.4, $18.00</a>"#), "\(payment.text)")
            #expect(payment.text.contains("charged back"))
            let again = try await browser.post(action, form + [("confirm", "yes")])
            #expect(again.status == 303, "the same form again gets the first one's outcome")
        }
    }

    @Test func aViewerLooksOnlyAndAnotherMerchantsDisputeIsNotFound() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let (_, dispute) = try await session.disputedSale()
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/disputes/\(dispute.id)")
            #expect(page.status == 200 && !page.text.contains("Submit evidence") && !page.text.contains("Accept the dispute"))
            let refused = try await browser.post("/dashboard/disputes/\(dispute.id)/accept", [("csrf", DashboardBrowser.csrf(in: page)), ("key", "k1")])
            #expect(refused.status == 403)

            let other = try await harness.services.admin.createMerchant(name: "Other")
            _ = try await harness.services.admin.createDashboardUser(
                merchantId: other.id, email: "them@other.example", role: .admin, password: DashboardHarness.password, cost: 4)
            let theirs = DashboardBrowser(session.client)
            try await theirs.signIn(email: "them@other.example", password: DashboardHarness.password)
            #expect(try await theirs.get("/dashboard/disputes/\(dispute.id)").status == 404)
            #expect(!(try await theirs.get("/dashboard/disputes").text.contains(dispute.id)))
        }
    }

    @Test func evidenceOverTheLimitsIsSaidOnItsPageAndChangesNothing() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let (_, dispute) = try await session.disputedSale()
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/disputes/\(dispute.id)")
            let action = "/dashboard/disputes/\(dispute.id)/evidence"
            let form = [("csrf", DashboardBrowser.csrf(in: page)), ("key", DashboardBrowser.key(in: page, action: action)), ("text", "")]
            let html = try await browser.postMultipart(action, form, files: [(field: "files", filename: "page.html", type: "text/html", data: Data("<b>".utf8))])
            #expect(html.status == 409 && html.text.contains("contentType is one of"), "\(html.text.prefix(400))")
            let fresh = DashboardBrowser.key(in: try await browser.get("/dashboard/disputes/\(dispute.id)"), action: action)
            let nothing = try await browser.postMultipart(action, form.map { $0.0 == "key" ? ($0.0, fresh) : $0 }, files: [])
            #expect(nothing.status == 409 && nothing.text.contains("evidence needs text, files, or both"), "\(nothing.status) \(nothing.text.prefix(600))")
            let stranger = try await browser.postMultipart(action, form + [("note", "x")], files: [])
            #expect(stranger.status == 400)
            #expect(try await session.send(.get, APIPath.dispute(dispute.id)).decode(DisputeResource.self).status == .needsResponse)
        }
    }
}
