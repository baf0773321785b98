import GatewayAPI
import Hummingbird

// `tapline merchant settings`: the same checks and the same shapes as `/v1/settings/payment`.
extension MerchantAdmin {
    /// The merchant's payment settings as `GET /v1/settings/payment` shows them.
    public func paymentSettings(merchantId: String) async throws -> PaymentSettingsResponse {
        try await adminErrors(merchantId) {
            PaymentSettingsRenderer.render(try await PaymentSettingsService(store: store).settings(merchantId: merchantId), processors: [processor], defaultId: processor.id)
        }
    }

    /// Changes the given settings as `PATCH /v1/settings/payment` does, and returns them all.
    public func updatePaymentSettings(merchantId: String, _ request: UpdatePaymentSettingsRequest) async throws -> PaymentSettingsResponse {
        try await adminErrors(merchantId) {
            let change = try PaymentSettingsValidator.validate(request)
            return PaymentSettingsRenderer.render(try await PaymentSettingsService(store: store).update(merchantId: merchantId, change), processors: [processor], defaultId: processor.id)
        }
    }

    private func adminErrors<T>(_ merchantId: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch GatewayFailure.notFound {
            throw AdminError.unknownMerchant(merchantId)
        } catch GatewayFailure.invalid(let input) {
            throw AdminError.invalidSetting(field: input.field, message: input.reason)
        } catch let error as GatewayError {
            throw AdminError.invalidSetting(field: error.body.field ?? "settings", message: error.body.message)
        }
    }
}
