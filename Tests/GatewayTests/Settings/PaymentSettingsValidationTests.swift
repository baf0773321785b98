import Foundation
import GatewayAPI
import HTTPTypes
import Storage
import Testing

/// Every refused settings change is a 400 naming its field, and changes nothing: not the
/// settings, not the fields given with it, and its Idempotency-Key stays free.
@Suite("Payment settings: validation")
struct PaymentSettingsValidationTests {
    static let cases: [(json: String, field: String, code: String)] = [
        (#"{"availableCurrencies":[]}"#, "availableCurrencies", "invalid_request"),
        (#"{"availableCurrencies":["USD","XYZ"]}"#, "availableCurrencies.1", "unknown_currency"),
        (#"{"availableCurrencies":["USD","usd"]}"#, "availableCurrencies.1", "invalid_request"),
        (#"{"availableCurrencies":null}"#, "availableCurrencies", "invalid_request"),
        (#"{"zeroCostProcessingOption":"free"}"#, "zeroCostProcessingOption", "invalid_request"),
        (#"{"defaultSurchargeRate":100.5}"#, "defaultSurchargeRate", "invalid_request"),
        (#"{"defaultCashDiscountRate":-1}"#, "defaultCashDiscountRate", "invalid_request"),
        (#"{"defaultDualPricingRate":1.23456}"#, "defaultDualPricingRate", "invalid_request"),
        (#"{"defaultSurchargeRate":"3.5"}"#, "defaultSurchargeRate", "invalid_request"),
        (#"{"taxRate":null}"#, "taxRate", "invalid_request"),
        (#"{"taxRate":101}"#, "taxRate", "invalid_request"),
        (#"{"isTipsEnabled":"yes"}"#, "isTipsEnabled", "invalid_request"),
        (#"{"defaultTipsOptions":[15,101]}"#, "defaultTipsOptions.1", "invalid_request"),
        (#"{"defaultTipsOptions":[15,15]}"#, "defaultTipsOptions.1", "invalid_request"),
        (#"{"defaultTipsOptions":[1,2,3,4,5,6,7,8,9,10,11]}"#, "defaultTipsOptions", "invalid_request"),
        (#"{"availableCardTypes":["visa","bitcoin"]}"#, "availableCardTypes.1", "invalid_request"),
        (#"{"availableCardTypes":[]}"#, "availableCardTypes", "invalid_request"),
        (#"{"availableTransactionTypes":["sale","incrementalAuthorization"]}"#, "availableTransactionTypes.1", "invalid_request"),
        (#"{"settlementBatchTimeSlots":[{"hours":24,"minutes":0,"timezoneName":"UTC"}]}"#, "settlementBatchTimeSlots.0.hours", "invalid_request"),
        (#"{"settlementBatchTimeSlots":[{"hours":23,"minutes":60,"timezoneName":"UTC"}]}"#, "settlementBatchTimeSlots.0.minutes", "invalid_request"),
        (#"{"settlementBatchTimeSlots":[{"hours":1,"minutes":0,"timezoneName":"UTC"},{"hours":23,"minutes":0,"timezoneName":"Mars/Olympus"}]}"#,
         "settlementBatchTimeSlots.1.timezoneName", "invalid_request"),
        (#"{"settlementBatchTimeSlots":[{"hours":23,"minutes":0}]}"#, "settlementBatchTimeSlots.0.timezoneName", "invalid_request"),
        (#"{"avs":{"profileId":9}}"#, "avs.profileId", "invalid_request"),
        (#"{"avs":{"profile":"Lenient"}}"#, "avs.profile", "invalid_request"),
        (#"{"avs":{"profile":"Strict","profileId":3}}"#, "avs.profile", "invalid_request"),
        (#"{"ttpIosTerminalProfileId":""}"#, "ttpIosTerminalProfileId", "invalid_request"),
        // A good field beside a bad one is not applied either.
        (#"{"zeroCostProcessingOption":"surcharge","defaultSurchargeRate":3,"taxRate":200}"#, "taxRate", "invalid_request"),
    ]

    @Test(arguments: cases)
    func aBadFieldIsNamedAndNothingChanges(json: String, field: String, code: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.patchSettings(json, key: "patch-1")
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.field == field, "\(reply.text)")
            #expect(reply.error?.code == code)
            #expect(try await session.settings() == PaymentSettingsRouteTests.defaults)
            let merchant = try await harness.store.read { try await $0.merchant(id: harness.merchantId) }
            #expect(merchant?.paymentSettings == .init())
            // The refused request left no answer under its key.
            let retry = try await session.patchSettings(#"{"taxRate":1}"#, key: "patch-1")
            #expect(retry.status == 200, "\(retry.text)")
        }
    }

    @Test func aBodyThatIsNotAnObjectIsRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            for json in ["", "[]", "{"] {
                let reply = try await session.patchSettings(json)
                #expect(reply.status == 400, "\(json)")
            }
        }
    }
}
