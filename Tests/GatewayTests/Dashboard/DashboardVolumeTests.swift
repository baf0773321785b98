import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Gateway
import GatewayAPI
import PaymentCore
import Storage
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
            #expect(page.text.contains("approved $25.00, declined $9.00, refunded $5.00"), "\(page.text.prefix(2000))")
            #expect(page.text.contains(#"<img src="/dashboard/volume.svg""#))
            let svg = try await browser.get("/dashboard/volume.svg")
            #expect(svg.status == 200 && svg.headers[.contentType] == "image/svg+xml")
            #expect(svg.text.hasPrefix("<svg") && svg.text.hasSuffix("</svg>"))
            let chart = DashboardVolumeChart(volumes: [], endingOn: 0, currency: .usd, format: .standard)
            let today = chart.label(Int64(harness.clock.now().timeIntervalSince1970 / 86_400))
            for series in ["approved: $25.00", "declined: $9.00", "refunded: $5.00"] {
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
            #expect(try await browser.get("/dashboard").text.contains("approved $10.00, declined $0.00"))
        }
    }

    /// The value axis is as wide as its longest amount: with the largest amounts Tapline
    /// takes, in any locale, every label starts inside the image.
    @Test(arguments: [("en-US", Currency.usd), ("de-DE", Currency.eur), ("en-US", Currency.kwd), ("ja-JP", Currency.jpy)])
    func theAxisLabelsAlwaysFit(locale: String, currency: Currency) throws {
        var settings = PaymentSettings()
        settings.locale = locale
        var day = DailyVolume(day: 20_000)
        day.approvedAmount = 30 * Money.largestMinorUnits
        let chart = DashboardVolumeChart(volumes: [day], endingOn: 20_000, currency: currency, format: MerchantFormat(settings))
        let longest = try #require(chart.axis.map(\.label).max { $0.count < $1.count })
        #expect(longest.count >= 15, "\(longest)")
        // Each label ends 6 units left of the plot, so it starts at plotLeft - 6 - its width.
        #expect(chart.plotLeft - 6 - Double(longest.count) * DashboardVolumeChart.labelCharacterWidth > 0)
        #expect(chart.svg.contains(">\(DashboardVolumeChart.xml(longest))</text>"))
        let parser = XMLParser(data: Data(chart.svg.utf8))
        #expect(parser.parse())
    }

    @Test func aSmallChartKeepsItsNarrowAxis() {
        let chart = DashboardVolumeChart(volumes: [], endingOn: 20_000, currency: .usd, format: .standard)
        #expect(chart.plotLeft == 49, "5 characters ($0.00) of at most 7 units, and 14 to spare")
    }
}
