import Foundation
import Storage

// `tapline merchant profile`: the address and contact details receipts show.
extension MerchantAdmin {
    /// The merchant's receipt profile.
    public func profile(merchantId: String) async throws -> MerchantProfile {
        guard let merchant = try await store.read({ try await $0.merchant(id: merchantId) }) else {
            throw AdminError.unknownMerchant(merchantId)
        }
        return merchant.profile
    }

    /// Sets the parts of the profile `change` gives (a part set to "" is cleared) after
    /// checking each, and returns the whole profile.
    public func updateProfile(merchantId: String, _ change: MerchantProfile) async throws -> MerchantProfile {
        try MerchantProfileRules.check(change)
        let updated = try await store.write { writer -> MerchantProfile? in
            guard var merchant = try await writer.merchant(id: merchantId) else { return nil }
            merchant.profile = MerchantProfileRules.apply(change, to: merchant.profile)
            try await writer.update(merchant)
            return merchant.profile
        }
        guard let updated else { throw AdminError.unknownMerchant(merchantId) }
        return updated
    }
}
