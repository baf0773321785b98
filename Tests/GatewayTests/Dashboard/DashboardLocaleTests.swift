import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// Money and times on the dashboard as the merchant reads them: its locale's grouping,
/// separator and symbol, the currency's own decimals, its time zone for every time and for
/// the days the list's filters name.
@Suite("Dashboard: money and times in the merchant's locale and time zone")
struct DashboardLocaleTests {
    @Test func aGermanMerchantInTokyoReadsEurosTheGermanWayAndTokyoTimes() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            let settings = try await session.patchSettings(
                #"{"locale":"de-DE","availableCurrencies":["EUR","JPY"],"settlementBatchTimeSlots":[{"hours":23,"minutes":0,"timezoneName":"Asia/Tokyo"}]}"#)
            #expect(settings.status == 200, "\(settings.text)")
            let euros = try await session.pay(amount: 123_456, currency: "EUR")
            let yen = try await session.pay(amount: 1_500, currency: "JPY")
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let list = try await browser.get("/dashboard")
            #expect(list.text.contains("Times in Asia/Tokyo"))
            #expect(list.text.contains("1.234,56\u{A0}€"), "grouping, decimal comma, sign after")
            #expect(list.text.contains("1.500\u{A0}¥"), "no decimals for yen: 1,500 yen, never 15,00")
            #expect(!list.text.contains("1234.56 EUR") && !list.text.contains("15,00"))

            let tokyo = MerchantFormat(locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
            let page = try await browser.get("/dashboard/payments/\(euros.id)")
            #expect(page.text.contains(tokyo.time(harness.clock.now())), "the time in Tokyo")
            #expect(page.text.contains("<title>sale 1.234,56\u{A0}€ · Tapline</title>"))
            #expect(try await browser.get("/dashboard/payments/\(yen.id)").text.contains("1.500\u{A0}¥"))

            // The list's days are Tokyo's: today there finds both, the day before finds none.
            let today = String(tokyo.time(harness.clock.now()).prefix(10))
            #expect(try await browser.get("/dashboard?from=\(today)&to=\(today)").text.contains("2 transactions"))
            let yesterday = String(tokyo.time(harness.clock.now().addingTimeInterval(-86_400)).prefix(10))
            #expect(try await browser.get("/dashboard?from=\(yesterday)&to=\(yesterday)").text.contains("0 transactions"))

            // The chart's axis and days in German.
            let svg = try await browser.get("/dashboard/volume.svg").text
            #expect(svg.contains("1.234,56\u{A0}€</text>"), "\(svg.prefix(1500))")
        }
    }

    @Test func theLocaleIsSetOnTheSettingsPage() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            _ = try await session.pay(amount: 123_456)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let form = try await browser.get("/dashboard/settings")
            #expect(form.text.contains(#"name="locale""#))
            var fields = DashboardPaymentSettingsTests.filled(form)
            fields["locale"] = "fr-FR"
            let saved = try await DashboardPaymentSettingsTests.save(browser, form, fields)
            #expect(saved.status == 200 && saved.text.contains("Saved."), "\(saved.text.prefix(3000))")
            #expect(try await browser.get("/dashboard").text.contains("1\u{202F}234,56\u{A0}$US"), "French: a narrow no-break space groups")
            fields["locale"] = "xx-YY"
            let refused = try await DashboardPaymentSettingsTests.save(browser, saved, fields)
            #expect(refused.status == 400 && refused.text.contains("locale must be"))
        }
    }
}
