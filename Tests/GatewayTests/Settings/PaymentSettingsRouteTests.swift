import Foundation
import GatewayAPI
import HTTPTypes
import PaymentCore
import Testing

extension TestSession {
    /// `PATCH /v1/settings/payment`, with an Idempotency-Key when given.
    @discardableResult
    func patchSettings(_ json: String, key: String? = nil, token: String? = nil) async throws -> TestReply {
        try await send(.patch, APIPath.paymentSettings, json: json, token: token,
                       headers: key.map { [HTTPField.Name(APIHeader.idempotencyKey)!: $0] } ?? [:])
    }

    /// `GET /v1/settings/payment`; fails the test unless it is 200.
    func settings(token: String? = nil) async throws -> PaymentSettingsResponse {
        let reply = try await send(.get, APIPath.paymentSettings, token: token)
        #expect(reply.status == 200, "\(reply.text)")
        return try reply.decode(PaymentSettingsResponse.self)
    }
}

@Suite("Payment settings: read, change, tenancy, idempotency")
struct PaymentSettingsRouteTests {
    static let key = HTTPField.Name(APIHeader.idempotencyKey)!
    static let replayed = HTTPField.Name(APIHeader.idempotentReplayed)!

    /// What a new merchant has.
    static let defaults = PaymentSettingsResponse(
        availableCurrencies: [NamedOption(id: 840, name: "USD")], zeroCostProcessingOption: .noZeroCost, defaultSurchargeRate: nil,
        defaultCashDiscountRate: nil, defaultDualPricingRate: nil, isTipsEnabled: true, defaultTipsOptions: [15, 18, 20],
        availableCardTypes: [
            NamedOption(id: 1, name: "Visa"), NamedOption(id: 2, name: "Mastercard"), NamedOption(id: 3, name: "American Express"),
            NamedOption(id: 4, name: "Discover"),
        ],
        availableTransactionTypes: [
            NamedOption(id: 1, name: "Authorization"), NamedOption(id: 2, name: "Sale"), NamedOption(id: 3, name: "Capture"),
            NamedOption(id: 4, name: "Void"), NamedOption(id: 5, name: "Refund"),
        ],
        availablePaymentProcessors: [
            PaymentProcessorOption(
                id: "b7e3c9a2-5d14-4f6e-8a21-3c9d0e7f4a58", name: "Tapline Simulator", isDefault: true,
                settlementBatchTimeSlots: [SettlementBatchTimeSlot(hours: 23, minutes: 0, timezoneName: "UTC")]),
        ],
        avs: AvsOptions(isEnabled: false, profileId: nil, profile: nil), isCustomerCardSavingByTerminalEnabled: false,
        ttpIosTerminalProfileId: nil, taxRate: 0, merchantCategoryCode: "5999")

    @Test func aNewMerchantHasTheDefaults() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.settings() == Self.defaults)
        }
    }

    @Test func patchChangesOnlyTheFieldsGiven() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.patchSettings("""
                {"availableCurrencies":["USD","eur"],"zeroCostProcessingOption":"surcharge","defaultSurchargeRate":3.333,
                 "taxRate":8.25,"isTipsEnabled":false,"defaultTipsOptions":[10,12.5],"availableCardTypes":["visa","American Express"],
                 "availableTransactionTypes":["Sale","refund"],
                 "settlementBatchTimeSlots":[{"hours":22,"minutes":30,"timezoneName":"America/New_York"}],
                 "avs":{"isEnabled":true,"profile":"moderate"},"isCustomerCardSavingByTerminalEnabled":true,
                 "ttpIosTerminalProfileId":"ttp-ios-1"}
                """)
            #expect(reply.status == 200, "\(reply.text)")
            // Rates go out exactly as they came in.
            #expect(reply.text.contains(#""defaultSurchargeRate":3.333"#))
            var expected = Self.defaults
            expected.availableCurrencies = [NamedOption(id: 840, name: "USD"), NamedOption(id: 978, name: "EUR")]
            expected.zeroCostProcessingOption = .surcharge
            expected.defaultSurchargeRate = Decimal(string: "3.333")
            expected.taxRate = Decimal(string: "8.25")
            expected.isTipsEnabled = false
            expected.defaultTipsOptions = [10, Decimal(string: "12.5")!]
            expected.availableCardTypes = [NamedOption(id: 1, name: "Visa"), NamedOption(id: 3, name: "American Express")]
            expected.availableTransactionTypes = [NamedOption(id: 2, name: "Sale"), NamedOption(id: 5, name: "Refund")]
            expected.availablePaymentProcessors[0].settlementBatchTimeSlots = [
                SettlementBatchTimeSlot(hours: 22, minutes: 30, timezoneName: "America/New_York"),
            ]
            expected.avs = AvsOptions(isEnabled: true, profileId: 2, profile: "Moderate")
            expected.isCustomerCardSavingByTerminalEnabled = true
            expected.ttpIosTerminalProfileId = "ttp-ios-1"
            #expect(try reply.decode(PaymentSettingsResponse.self) == expected)
            #expect(try await session.settings() == expected)

            // A later change keeps everything it does not name.
            expected.zeroCostProcessingOption = .dualPricing
            expected.defaultDualPricingRate = 4
            let second = try await session.patchSettings(#"{"zeroCostProcessingOption":"dualPricing","defaultDualPricingRate":4}"#)
            #expect(try second.decode(PaymentSettingsResponse.self) == expected)
            #expect(try await session.patchSettings("{}").decode(PaymentSettingsResponse.self) == expected)
        }
    }

    @Test func nullClearsANullableSetting() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.patchSettings(#"{"defaultSurchargeRate":3,"defaultCashDiscountRate":2,"ttpIosTerminalProfileId":"p-1"}"#)
            let reply = try await session.patchSettings(#"{"defaultSurchargeRate":null,"ttpIosTerminalProfileId":null}"#)
            #expect(reply.status == 200, "\(reply.text)")
            let settings = try reply.decode(PaymentSettingsResponse.self)
            #expect(settings.defaultSurchargeRate == nil)
            #expect(settings.ttpIosTerminalProfileId == nil)
            #expect(settings.defaultCashDiscountRate == 2, "a rate not named is kept")
        }
    }

    @Test func anotherMerchantsSettingsAreNeverSeenOrChanged() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let other = try await harness.otherMerchantToken(session.client)
            #expect(try await session.patchSettings(#"{"taxRate":7,"isTipsEnabled":false}"#).status == 200)
            #expect(try await session.settings(token: other) == Self.defaults)

            #expect(try await session.patchSettings(#"{"zeroCostProcessingOption":"cashDiscount"}"#, token: other).status == 200)
            let mine = try await session.settings()
            #expect(mine.zeroCostProcessingOption == .noZeroCost)
            #expect(mine.taxRate == 7)
        }
    }

    @Test func aRetriedPatchReplaysTheFirstAnswerWithoutApplyingItAgain() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let body = #"{"taxRate":5}"#
            let first = try await session.patchSettings(body, key: "settings-1")
            #expect(first.status == 200)
            #expect(first.headers[Self.replayed] == nil)
            #expect(try await session.patchSettings(#"{"taxRate":6}"#, key: "settings-2").status == 200)

            let again = try await session.patchSettings(body, key: "settings-1")
            #expect(again.status == 200)
            #expect(again.headers[Self.replayed] == "true")
            #expect(again.body == first.body)
            #expect(try await session.settings().taxRate == 6, "the replay did not set the tax rate back to 5")

            let mismatch = try await session.patchSettings(#"{"taxRate":7}"#, key: "settings-1")
            #expect(mismatch.status == 422)
            #expect(mismatch.error?.code == "idempotency_key_mismatch")
        }
    }

    @Test func settingsNeedGeneralConfigurations() async throws {
        var permissions = APIPermission.defaultGrant
        permissions.removeAll { $0 == .generalConfigurations }
        let harness = try await GatewayHarness.make(permissions: permissions)
        try await harness.test { (session: TestSession) async throws in
            for reply in [try await session.send(.get, APIPath.paymentSettings), try await session.patchSettings(#"{"taxRate":5}"#)] {
                #expect(reply.status == 403)
                #expect(reply.error?.code == "forbidden")
            }
            #expect(try await harness.services.admin.paymentSettings(merchantId: harness.merchantId) == Self.defaults)
        }
    }

    @Test func suggestedTipsFollowTheSettings() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 10_000)
            func suggested() async throws -> [SuggestedTip]? {
                let details = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
                return details.availableOperations?.first { $0.operationType == .tipAdjustment }?.suggestedTips
            }
            #expect(try await suggested()?.map(\.tipPercent) == [15, 18, 20])

            try await session.patchSettings(#"{"defaultTipsOptions":[10,12.5,22.25]}"#)
            // 12.5 % of 100.00 = 12.50; 22.25 % = 22.25.
            #expect(try await suggested() == [
                SuggestedTip(tipPercent: 10, tipAmount: 1_000), SuggestedTip(tipPercent: Decimal(string: "12.5")!, tipAmount: 1_250),
                SuggestedTip(tipPercent: Decimal(string: "22.25")!, tipAmount: 2_225),
            ])

            try await session.patchSettings(#"{"isTipsEnabled":false}"#)
            #expect(try await suggested() == nil)
        }
    }

    @Test func theDefaultGrantCanCalculateAndConfigure() {
        #expect(APIPermission.defaultGrant.contains(.calculateTransactionAmount))
        #expect(APIPermission.defaultGrant.contains(.generalConfigurations))
    }
}
