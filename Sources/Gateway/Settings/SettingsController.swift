import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// `GET` and `PATCH /v1/settings/payment`: the merchant's payment settings (ARISE `getPaymentSettings`).
struct SettingsController {
    let settings: PaymentSettingsService
    let idempotency: IdempotencyGuard

    func addRoutes(to v1: RouterGroup<GatewayContext>) {
        v1.get("settings/payment") { _, context in
            let caller = try context.require(.generalConfigurations)
            let current = try await settings.settings(merchantId: caller.merchantId)
            return try JSONCoding.response(.ok, PaymentSettingsRenderer.render(current))
        }
        v1.patch("settings/payment") { request, context in
            let caller = try context.require(.generalConfigurations)
            var request = request
            let body = try await request.collectBody(upTo: JSONCoding.maxBodySize)
            return try await idempotency.run(merchantId: caller.merchantId, request: request, body: body) { _ in
                let change = try PaymentSettingsValidator.validate(JSONCoding.decode(UpdatePaymentSettingsRequest.self, from: body))
                let updated = try await settings.update(merchantId: caller.merchantId, change)
                return (.ok, try JSONCoding.encoder.encode(PaymentSettingsRenderer.render(updated)))
            }
        }
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
            "acquirerMerchantId", "acquirerTerminalId",
        ]
    }
}
