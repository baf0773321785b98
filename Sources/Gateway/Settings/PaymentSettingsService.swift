import Foundation
import Storage

/// A merchant's payment settings: read them, change them.
struct PaymentSettingsService: Sendable {
    let store: any Store

    /// The merchant's settings; 404 for a merchant that does not exist.
    func settings(merchantId: String) async throws -> PaymentSettings {
        guard let merchant = try await store.read({ try await $0.merchant(id: merchantId) }) else {
            throw GatewayFailure.notFound(.merchant, id: merchantId)
        }
        return merchant.paymentSettings
    }

    /// Applies `change` in one write and returns the settings as stored.
    func update(merchantId: String, _ change: PaymentSettingsChange) async throws -> PaymentSettings {
        let updated = try await store.write { writer -> PaymentSettings? in
            guard var merchant = try await writer.merchant(id: merchantId) else { return nil }
            change.apply(to: &merchant.paymentSettings)
            try await writer.update(merchant)
            return merchant.paymentSettings
        }
        guard let updated else { throw GatewayFailure.notFound(.merchant, id: merchantId) }
        return updated
    }
}
