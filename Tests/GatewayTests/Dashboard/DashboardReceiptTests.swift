import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// The receipt page from a payment's page: the API's receipt in the merchant's format, with a
/// link back; signed-in only, the merchant's own only.
@Suite("Dashboard: receipts")
struct DashboardReceiptTests {
    @Test func aPaymentsPageLinksItsReceiptWhichPrintsAlone() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let sale = try await session.pay(amount: 2_500)
            #expect(try await browser.get("/dashboard/payments/\(sale.id)/receipt").status == 303, "signed-in only")
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(sale.id)")
            #expect(page.text.contains(#"<a href="/dashboard/payments/\#(sale.id)/receipt">Receipt</a>"#))
            let receipt = try await browser.get("/dashboard/payments/\(sale.id)/receipt")
            #expect(receipt.status == 200 && receipt.text.contains(#"<p class="total">$25.00</p>"#))
            #expect(receipt.text.contains(#"<a href="/dashboard/payments/\#(sale.id)">Back to the payment</a>"#))
            #expect(receipt.text.contains("@media print") && !receipt.text.contains("<nav"), "the receipt alone, no dashboard around it")
            #expect(receipt.headers[.contentSecurityPolicy] == ReceiptResponse.policy)

            let other = try await harness.services.admin.createMerchant(name: "Other")
            let foreign = try await harness.services.admin.createClient(merchantId: other.id, name: "till")
            let token = try await TestSession.token(session.client, clientId: foreign.client.id, secret: foreign.secret)
            let theirs = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), token: token).decode(TransactionResource.self)
            let refused = try await browser.get("/dashboard/payments/\(theirs.id)/receipt")
            #expect(refused.status == 404 && !refused.text.contains(theirs.id + "</"), "another merchant's payment has no receipt here")
        }
    }
}
