import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// The payments list's one search box, as a merchant types into it: part of a reference in
/// any case, a card's last four, an amount as written, an authorization code.
@Suite("Dashboard: search that finds")
struct DashboardSearchTests {
    @Test func whatAMerchantTypesFindsThePayment() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let body = TestSession.cardBody(pan: "5555555555554444", amount: 1_800).replacingOccurrences(of: "order-1", with: "Spring-Sale-77")
            let reply = try await session.send(.post, APIPath.sale, json: body)
            let sale = try reply.decode(TransactionResource.self)
            _ = try await session.pay(amount: 2_500)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let code = try #require(sale.processor?.authorizationCode)
            for typed in ["spring-sale", "SALE-77", "4444", "18.00", "18", code.lowercased(), sale.id, String(sale.id.suffix(12)).uppercased()] {
                let query = typed.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let page = try await browser.get("/dashboard?q=\(query)")
                #expect(page.status == 200 && page.text.contains("1 transactions") && page.text.contains(sale.id), "\(typed) \(sale.id) \(page.text.firstMatch(of: /\d+ transactions/).map { String($0.output) } ?? "")")
            }
            #expect(try await browser.get("/dashboard?q=18.01").text.contains("0 transactions"))
        }
    }
}
