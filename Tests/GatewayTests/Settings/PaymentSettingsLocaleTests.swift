import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// The merchant's locale through `/v1/settings/payment`: en-US until set, set and kept,
/// `null` back to en-US, and a tag the gateway cannot format for refused with a 400 naming
/// the field and nothing changed.
@Suite("Payment settings: locale")
struct PaymentSettingsLocaleTests {
    @Test func theLocaleIsShownSetKeptAndCleared() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.settings().locale == "en-US")
            let set = try await session.patchSettings(#"{"locale":"de-DE"}"#)
            #expect(set.status == 200, "\(set.text)")
            #expect(try set.decode(PaymentSettingsResponse.self).locale == "de-DE")
            #expect(try await session.patchSettings(#"{"taxRate":5}"#).decode(PaymentSettingsResponse.self).locale == "de-DE")
            let stored = try await harness.store.read { try await $0.merchant(id: harness.merchantId) }?.paymentSettings
            #expect(stored?.locale == "de-DE")

            let cleared = try await session.patchSettings(#"{"locale":null}"#)
            #expect(try cleared.decode(PaymentSettingsResponse.self).locale == "en-US")
            let afterClear = try await harness.store.read { try await $0.merchant(id: harness.merchantId) }?.paymentSettings
            #expect(afterClear?.locale == nil, "null goes back to the default, not a stored en-US")
        }
    }

    @Test(arguments: [
        #"{"locale":"xx-YY"}"#, #"{"locale":"en_US"}"#, #"{"locale":""}"#, #"{"locale":"de-DE; x"}"#,
        #"{"locale":"en-US-\#(String(repeating: "a", count: 40))"}"#, #"{"locale":5}"#, #"{"taxRate":5,"locale":"klingon"}"#,
    ])
    func aLocaleTheGatewayCannotFormatForIsRefusedAndNothingChanges(json: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.patchSettings(json)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.field == "locale", "\(reply.text)")
            #expect(try await session.settings() == PaymentSettingsRouteTests.defaults)
        }
    }
}
