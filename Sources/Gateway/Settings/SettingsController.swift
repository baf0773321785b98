import Foundation
import GatewayAPI
import Hummingbird
import Processing
import Storage

/// `GET` and `PATCH /v1/settings/payment`: the merchant's payment settings (ARISE `getPaymentSettings`).
struct SettingsController {
    let settings: PaymentSettingsService
    /// The gateway's processors, which `availablePaymentProcessors` lists, the merchant's
    /// assigned one as its default.
    let processors: ProcessorRouter

    var routes: [GatewayRoute] {
        [
            .get(APIPath.paymentSettings, .permission(.generalConfigurations)) { input in
                let merchantId = try input.caller.merchantId
                let current = try await settings.settings(merchantId: merchantId)
                return try JSONCoding.response(.ok, PaymentSettingsRenderer.render(
                    current, processors: processors.identities, defaultId: processors.assigned(merchantId: merchantId).id))
            },
            .idempotent(.patch, APIPath.paymentSettings, .permission(.generalConfigurations)) { input in
                let change = try PaymentSettingsValidator.validate(JSONCoding.decode(UpdatePaymentSettingsRequest.self, from: input.body))
                let merchantId = try input.caller.merchantId
                let updated = try await settings.update(merchantId: merchantId, change)
                return (.ok, try JSONCoding.encoder.encode(PaymentSettingsRenderer.render(
                    updated, processors: processors.identities, defaultId: processors.assigned(merchantId: merchantId).id)))
            },
        ]
    }
}

extension UpdatePaymentSettingsRequest: DecimalFields {
    static var decimalFields: Set<String> {
        ["defaultSurchargeRate", "defaultCashDiscountRate", "defaultDualPricingRate", "taxRate", "defaultTipsOptions"]
    }
}

extension UpdatePaymentSettingsRequest: NullableFields {
    /// `null` clears these (JSON Merge Patch); every other setting refuses it.
    static var nullableFields: Set<String> {
        [
            "defaultSurchargeRate", "defaultCashDiscountRate", "defaultDualPricingRate", "ttpIosTerminalProfileId",
            "acquirerMerchantId", "acquirerTerminalId", "appleMerchantIdentifier", "merchantCategoryCode", "locale",
        ]
    }
}
