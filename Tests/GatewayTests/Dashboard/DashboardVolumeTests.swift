import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Gateway
import GatewayAPI
import Testing

/// The payments page's daily volume: a server-rendered SVG of the last 30 days (approved,
/// declined, refunded), with its numbers in words and in a table for those who cannot see it.
@Suite("Dashboard: daily volume chart")
struct DashboardVolumeTests {
    @Test func theChartShowsTodaysApprovedDeclinedAndRefunded() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let sale = try await session.pay(amount: 2_500)
            _ = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: "4000000000000002", amount: 900))
            _ = try await session.followUp(sale.id, .refund, json: #"{"amount":500}"#)
            let image = try await browser.get("/dashboard/volume.svg")
            #expect(image.status == 303, "signed-in only")
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard")
            #expect(page.text.contains("approved 25.00 USD, declined 9.00 USD, refunded 5.00 USD"), "\(page.text.prefix(2000))")
            #expect(page.text.contains(#"<img src="/dashboard/volume.svg""#))
            let svg = try await browser.get("/dashboard/volume.svg")
            #expect(svg.status == 200 && svg.headers[.contentType] == "image/svg+xml")
            #expect(svg.text.hasPrefix("<svg") && svg.text.hasSuffix("</svg>"))
            let today = DashboardVolumeChart.label(Int64(harness.clock.now().timeIntervalSince1970 / 86_400))
            for series in ["approved: 25.00 USD", "declined: 9.00 USD", "refunded: 5.00 USD"] {
                #expect(svg.text.contains("<title>\(today) \(series)</title>"), "\(series)")
            }
            // XML that parses, as a browser's image decoder needs.
            let parser = XMLParser(data: svg.body)
            #expect(parser.parse(), "\(String(describing: parser.parserError))")
        }
    }

    @Test func daysOlderThanThirtyAreLeftOut() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            _ = try await session.pay(amount: 4_000)
            harness.clock.advance(by: 31 * 86_400)
            let fresh = try await TestSession.token(session.client, clientId: harness.clientId, secret: harness.clientSecret)
            _ = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 1_000), token: fresh)
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            #expect(try await browser.get("/dashboard").text.contains("approved 10.00 USD, declined 0.00 USD"))
        }
    }
}
