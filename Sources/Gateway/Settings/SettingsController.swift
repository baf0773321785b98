import Foundation
import GatewayAPI
import Hummingbird
import Processing
import Storage

/// `GET` and `PATCH /v1/settings/payment`: the merchant's payment settings (ARISE `getPaymentSettings`).
struct SettingsController {
    let settings: PaymentSettingsService
    /// The gateway's processor, the one `availablePaymentProcessors` lists.
    let processor: ProcessorIdentity

    var routes: [GatewayRoute] {
        [
            .get(APIPath.paymentSettings, .permission(.generalConfigurations)) { input in
                let current = try await settings.settings(merchantId: try input.caller.merchantId)
                return try JSONCoding.response(.ok, PaymentSettingsRenderer.render(current, processor: processor))
            },
            .idempotent(.patch, APIPath.paymentSettings, .permission(.generalConfigurations)) { input in
                let change = try PaymentSettingsValidator.validate(JSONCoding.decode(UpdatePaymentSettingsRequest.self, from: input.body))
                let updated = try await settings.update(merchantId: try input.caller.merchantId, change)
                return (.ok, try JSONCoding.encoder.encode(PaymentSettingsRenderer.render(updated, processor: processor)))
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
            "acquirerMerchantId", "acquirerTerminalId", "appleMerchantIdentifier", "merchantCategoryCode",
        ]
    }
}
