import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// The merchant's receipt profile: checked, set and cleared by the admin, and shown on one
/// transaction's details (ARISE `merchantName`, `merchantAddress`…), never in lists.
@Suite("Merchant profile on receipts")
struct MerchantProfileTests {
    @Test(arguments: [
        (MerchantProfile(country: "USA"), "country"),
        (MerchantProfile(country: "us"), "country"),
        (MerchantProfile(emailAddress: "shop"), "emailAddress"),
        (MerchantProfile(emailAddress: "a@b@c"), "emailAddress"),
        (MerchantProfile(website: "javascript:alert(1)"), "website"),
        (MerchantProfile(website: "shop.example.com"), "website"),
        (MerchantProfile(phoneNumber: "call me"), "phoneNumber"),
        (MerchantProfile(city: String(repeating: "x", count: 121)), "city"),
        (MerchantProfile(addressLine1: "line\u{0}break"), "addressLine1"),
    ])
    func aPartThatCannotBePrintedIsRefused(_ profile: MerchantProfile, field: String) async throws {
        let harness = try await GatewayHarness.make()
        let admin = MerchantAdmin(store: harness.store)
        do {
            _ = try await admin.updateProfile(merchantId: harness.merchantId, profile)
            Issue.record("expected \(field) refused")
        } catch AdminError.invalidSetting(let named, _) {
            #expect(named == field)
        }
        #expect(try await admin.profile(merchantId: harness.merchantId) == MerchantProfile(), "nothing written")
    }

    @Test func detailsShowTheMerchantAndListsDoNot() async throws {
        let harness = try await GatewayHarness.make()
        let admin = MerchantAdmin(store: harness.store)
        _ = try await admin.updateProfile(merchantId: harness.merchantId, MerchantProfile(
            addressLine1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US",
            phoneNumber: "+1 217 555 0100", emailAddress: "shop@example.com"))
        // "" clears a part; nil keeps it.
        let profile = try await admin.updateProfile(merchantId: harness.merchantId, MerchantProfile(phoneNumber: "", website: "https://shop.example.com"))
        #expect(profile.phoneNumber == nil && profile.emailAddress == "shop@example.com" && profile.website == "https://shop.example.com")
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 1_000)
            let details = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(details.merchant?.address == "1 Main St, Springfield, IL 62701, US")
            #expect(details.merchant?.emailAddress == "shop@example.com" && details.merchant?.phoneNumber == nil)
            #expect(details.merchant?.website == "https://shop.example.com")
            #expect(details.merchant?.name.isEmpty == false)
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.items.allSatisfy { $0.merchant == nil })
        }
    }

    @Test func anUnknownMerchantIsNamed() async throws {
        let harness = try await GatewayHarness.make()
        await #expect(throws: AdminError.self) {
            _ = try await MerchantAdmin(store: harness.store).updateProfile(merchantId: "nobody", MerchantProfile(city: "X"))
        }
    }
}
