import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// The merchant category code (ISO 8583 field 18) through `/v1/settings/payment`: 5999 until
/// set, set and kept, `null` back to 5999, and anything but four digits refused with a 400
/// naming the field and nothing changed.
@Suite("Payment settings: merchant category code")
struct PaymentSettingsMerchantCategoryTests {
    @Test func theCodeIsShownSetKeptAndCleared() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.settings().merchantCategoryCode == "5999")
            let set = try await session.patchSettings(#"{"merchantCategoryCode":"5812"}"#)
            #expect(set.status == 200, "\(set.text)")
            #expect(try set.decode(PaymentSettingsResponse.self).merchantCategoryCode == "5812")
            #expect(try await session.patchSettings(#"{"taxRate":5}"#).decode(PaymentSettingsResponse.self).merchantCategoryCode == "5812")
            let stored = try await harness.store.read { try await $0.merchant(id: harness.merchantId) }?.paymentSettings
            #expect(stored?.merchantCategoryCode == "5812")

            let cleared = try await session.patchSettings(#"{"merchantCategoryCode":null}"#)
            #expect(try cleared.decode(PaymentSettingsResponse.self).merchantCategoryCode == "5999")
            let afterClear = try await harness.store.read { try await $0.merchant(id: harness.merchantId) }?.paymentSettings
            #expect(afterClear?.merchantCategoryCode == nil, "null goes back to the default, not a stored 5999")
        }
    }

    @Test(arguments: [
        #"{"merchantCategoryCode":"581"}"#, #"{"merchantCategoryCode":"58123"}"#, #"{"merchantCategoryCode":"58a2"}"#,
        #"{"merchantCategoryCode":""}"#, #"{"merchantCategoryCode":" 5812"}"#, #"{"merchantCategoryCode":"\u0665\u0668\u0661\u0662"}"#,
        #"{"merchantCategoryCode":5812}"#, #"{"taxRate":5,"merchantCategoryCode":"-812"}"#,
    ])
    func anythingButFourDigitsIsRefusedAndNothingChanges(json: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.patchSettings(json)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.code == "invalid_request")
            #expect(reply.error?.field == "merchantCategoryCode", "\(reply.text)")
            #expect(try await session.settings() == PaymentSettingsRouteTests.defaults)
        }
    }
}
