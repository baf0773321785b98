import Foundation
import Storage
import Testing
import TestSupport

/// A merchant's receipt profile, on every store: empty by default, every part kept exactly.
@Suite("Store contract: merchant profile")
struct StoreMerchantProfileContractTests {
    @Test(arguments: StoreFactories.all)
    func emptyByDefaultAndEveryPartRoundTrips(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var merchant = try #require(try await store.read { try await $0.merchant(id: "m_1") })
            #expect(merchant.profile == MerchantProfile())
            merchant.profile = MerchantProfile(
                addressLine1: #"1 "Main" St; --"#, addressLine2: "Suite 2 ✓", city: "Zürich", state: "ZH", postalCode: "8001",
                country: "CH", phoneNumber: "+41 44 000 00 00", emailAddress: "shop@example.com", website: "https://shop.example.com")
            try await store.write { [merchant] in try await $0.update(merchant) }
            let read = try #require(try await store.read { try await $0.merchant(id: "m_1") })
            #expect(read.profile == merchant.profile)
            #expect(read.paymentSettings == merchant.paymentSettings)
        }
    }
}
