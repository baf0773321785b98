import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// The payment settings page saves through the API's own validator: what `PATCH
/// /v1/settings/payment` refuses, the page refuses with the same words, and nothing is saved.
@Suite("Dashboard: payment settings")
struct DashboardPaymentSettingsTests {
    /// The form as the page fills it: each field's value, checkboxes only when checked.
    static func filled(_ page: TestReply) -> [String: String] {
        var values: [String: String] = [:]
        for match in page.text.matches(of: try! Regex(#"<input id="([^"]+)" name="[^"]+" value="([^"]*)">"#)) {
            values[String(match.output[1].substring ?? "")] = unescape(String(match.output[2].substring ?? ""))
        }
        for match in page.text.matches(of: try! Regex(#"<select id="([^"]+)"[^>]*>(?s:.*?)</select>"#)) {
            let selected = String(match.output[0].substring ?? "").firstMatch(of: try! Regex(#"<option value="([^"]*)" selected>"#))
            values[String(match.output[1].substring ?? "")] = selected.map { String($0.output[1].substring ?? "") } ?? ""
        }
        for match in page.text.matches(of: try! Regex(#"<input type="checkbox" id="([^"]+)" name="[^"]+" checked>"#)) {
            values[String(match.output[1].substring ?? "")] = "on"
        }
        return values
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    static func save(_ browser: DashboardBrowser, _ page: TestReply, _ values: [String: String]) async throws -> TestReply {
        try await browser.post("/dashboard/settings", [("csrf", DashboardBrowser.csrf(in: page))] + values.sorted { $0.key < $1.key })
    }

    @Test func anAdminSavesTheFormAndTheAPIAnswersWhatWasSaved() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            harness.clock.advance(by: 1)  // the audit list orders by time: keep the sign-in before what follows
            let page = try await browser.get("/dashboard/settings")
            #expect(page.status == 200 && page.text.contains(#"id="save-settings""#))
            var values = Self.filled(page)
            #expect(values["availableCurrencies"] == "USD" && values["zeroCostProcessingOption"] == "noZeroCost", "\(values)")
            values["zeroCostProcessingOption"] = "surcharge"
            values["defaultSurchargeRate"] = "3.5"
            values["defaultTipsOptions"] = "15, 18, 22.5"
            values["isTipsEnabled"] = "on"
            values["settlementBatchTimeSlots"] = "23:30 America/New_York, 4:05 UTC"
            values["acquirerTerminalId"] = "TERM0001"
            values["appleMerchantIdentifier"] = "merchant.com.example.shop"
            values["avsEnabled"] = "on"
            values["avsProfile"] = "Moderate"
            let saved = try await Self.save(browser, page, values)
            #expect(saved.status == 200 && saved.text.contains("Saved."), "\(saved.text.prefix(600))")

            let api = try await session.send(.get, APIPath.paymentSettings).decode(PaymentSettingsResponse.self)
            #expect(api.zeroCostProcessingOption == .surcharge && api.defaultSurchargeRate == Decimal(string: "3.5"))
            #expect(api.defaultTipsOptions == [15, 18, Decimal(string: "22.5")!] && api.isTipsEnabled == true)
            #expect(api.availablePaymentProcessors.first?.settlementBatchTimeSlots?.map { "\($0.hours):\($0.minutes) \($0.timezoneName)" }
                == ["23:30 America/New_York", "4:5 UTC"])
            #expect(api.acquirerTerminalId == "TERM0001" && api.avs?.profile == "Moderate" && api.avs?.isEnabled == true)
            #expect(api.appleMerchantIdentifier == "merchant.com.example.shop")
            let again = Self.filled(try await browser.get("/dashboard/settings"))
            #expect(again["settlementBatchTimeSlots"] == "23:30 America/New_York, 04:05 UTC" && again["defaultSurchargeRate"] == "3.5")
            // Unchecking a box turns it off.
            var off = again
            off["isTipsEnabled"] = nil
            #expect(try await Self.save(browser, page, off).status == 200)
            #expect(try await session.send(.get, APIPath.paymentSettings).decode(PaymentSettingsResponse.self).isTipsEnabled == false)
            let audit = try await harness.store.read { try await $0.dashboardAudit(merchantId: harness.merchantId, limit: 5) }
            #expect(audit.first?.action == "update-payment-settings")
        }
    }

    /// Each bad value, the API body that carries it, and the field both must name.
    static let refusals: [(field: String, typed: String, api: String)] = [
        ("availableCurrencies", "USD, XXX", #"{"availableCurrencies":["USD","XXX"]}"#),
        ("availableCurrencies", "", #"{"availableCurrencies":[]}"#),
        ("defaultTipsOptions", "15, 15", #"{"defaultTipsOptions":[15,15]}"#),
        ("taxRate", "101", #"{"taxRate":101}"#),
        ("availableCardTypes", "visa, diners-club-of-mars", #"{"availableCardTypes":["visa","diners-club-of-mars"]}"#),
        ("settlementBatchTimeSlots", "25:00 UTC", #"{"settlementBatchTimeSlots":[{"hours":25,"minutes":0,"timezoneName":"UTC"}]}"#),
        ("settlementBatchTimeSlots", "23:00 Mars/Base", #"{"settlementBatchTimeSlots":[{"hours":23,"minutes":0,"timezoneName":"Mars/Base"}]}"#),
        ("acquirerTerminalId", "TERMINAL-42", #"{"acquirerTerminalId":"TERMINAL-42"}"#),
        ("appleMerchantIdentifier", "merchant.caf\u{e9}", #"{"appleMerchantIdentifier":"merchant.caf\u00e9"}"#),
    ]

    @Test func whatTheAPIRefusesThePageRefusesWithTheSameWordsAndSavesNothing() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/settings")
            let before = try await session.send(.get, APIPath.paymentSettings).text
            for refusal in Self.refusals {
                var values = Self.filled(page)
                values[refusal.field] = refusal.typed
                values["defaultSurchargeRate"] = "2"
                let reply = try await Self.save(browser, page, values)
                let api = try await session.send(.patch, APIPath.paymentSettings, json: refusal.api)
                let message = try api.decode(ErrorEnvelope.self).error.message
                #expect(api.status == 400 && reply.status == 400, "\(refusal.field): \(api.text)")
                #expect(reply.text.contains("Not saved: \(message.replacingOccurrences(of: "'", with: "&#39;"))"), "\(refusal): \(reply.text.prefix(900))")
                #expect(reply.text.contains(#"value="\#(refusal.typed)""#) || refusal.typed.isEmpty, "what was typed stays")
            }
            for (field, typed) in [("taxRate", "3abc"), ("defaultTipsOptions", "15, ten"), ("settlementBatchTimeSlots", "noon")] {
                var values = Self.filled(page)
                values[field] = typed
                let reply = try await Self.save(browser, page, values)
                #expect(reply.status == 400 && reply.text.contains("Not saved:") && reply.text.contains(field), "\(field)")
            }
            #expect(try await session.send(.get, APIPath.paymentSettings).text == before, "nothing was saved")
        }
    }

    @Test func aViewerSeesTheSettingsReadOnlyAndCannotSave() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/settings")
            #expect(page.status == 200 && page.text.contains("<fieldset disabled>") && !page.text.contains("save-settings"))
            var values = Self.filled(page)
            values["taxRate"] = "9"
            let refused = try await Self.save(browser, page, values)
            #expect(refused.status == 403 && refused.text.contains("your role is viewer"))
            #expect(try await session.send(.get, APIPath.paymentSettings).decode(PaymentSettingsResponse.self).taxRate == 0)
        }
    }

    @Test func anAdminsFormNeedsTheSessionsTokenAndOnlyItsFields() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/settings")
            var values = Self.filled(page)
            values["ttpIosTerminalProfileId"] = "<script>alert(1)</script>"
            let forged = try await browser.post("/dashboard/settings", [("csrf", "forged")] + values.sorted { $0.key < $1.key })
            #expect(forged.status == 403)
            let extra = try await browser.post("/dashboard/settings", [("csrf", DashboardBrowser.csrf(in: page)), ("merchantId", "m_other")])
            #expect(extra.status == 400 && extra.text.contains("the form has no field merchantId"))
            let saved = try await Self.save(browser, page, values)
            #expect(saved.status == 200 && saved.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !saved.text.contains("<script>"))
        }
    }
}
