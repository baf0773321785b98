import Foundation
import GatewayAPI
import HTTPTypes
import PaymentCore
import Testing

extension TestSession {
    /// `POST /v1/amounts/calculate`.
    func calculate(_ json: String, headers: HTTPFields = [:]) async throws -> TestReply {
        try await send(.post, APIPath.calculateAmount, json: json, headers: headers)
    }

    /// A calculation that must succeed.
    func calculated(_ json: String) async throws -> CalculateAmountResponse {
        let reply = try await calculate(json)
        #expect(reply.status == 200, "\(reply.text)")
        return try reply.decode(CalculateAmountResponse.self)
    }

    /// Changes the merchant's settings; fails the test unless it is 200.
    func configure(_ json: String) async throws {
        let reply = try await patchSettings(json)
        #expect(reply.status == 200, "\(reply.text)")
    }
}

@Suite("Amount calculation: every Zero Cost Processing mode through the API")
struct AmountRouteTests {
    static func rate(_ text: String) -> Decimal { Decimal(string: text)! }

    @Test func noZeroCostGivesEveryTenderTheSamePrice() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.configure(#"{"availableCurrencies":["USD","EUR"],"taxRate":10}"#)
            let response = try await session.calculated(#"{"amount":2500,"currency":"EUR","tipAmount":300}"#)
            let same = AmountResource(baseAmount: 2_500, tipAmount: 300, taxAmount: 250, taxRate: 10)
            #expect(response == CalculateAmountResponse(
                currency: "EUR", currencyId: 978, zeroCostProcessingOption: .noZeroCost, useCardPrice: nil,
                cash: same, creditCard: same, debitCard: same, ach: same))
            #expect(same.totalAmount == 3_050)
        }
    }

    @Test func surchargeFallsOnCreditCardsOnly() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.configure(#"{"zeroCostProcessingOption":"surcharge","defaultSurchargeRate":3,"taxRate":8.25}"#)
            let response = try await session.calculated(#"{"amount":10000,"currency":"USD","percentageOffRate":5,"tipRate":15}"#)
            // 5 % off → 95.00; tip 15 % = 14.25; tax 8.25 % = 7.8375 → 7.84; surcharge 3 % = 2.85.
            let plain = AmountResource(
                baseAmount: 10_000, percentageOffAmount: 500, percentageOffRate: 5, tipAmount: 1_425, tipRate: 15, taxAmount: 784,
                taxRate: Self.rate("8.25"))
            let credit = AmountResource(
                baseAmount: 10_000, percentageOffAmount: 500, percentageOffRate: 5, surchargeAmount: 285, surchargeRate: 3,
                tipAmount: 1_425, tipRate: 15, taxAmount: 784, taxRate: Self.rate("8.25"))
            #expect(response.zeroCostProcessingOption == .surcharge)
            #expect(response.creditCard == credit)
            #expect(response.creditCard.totalAmount == 11_994)
            #expect([response.debitCard, response.cash, response.ach] == [plain, plain, plain])
            #expect(plain.totalAmount == 11_709)

            // The request's rate replaces the merchant's: 3.5 % of 95.00 = 3.325 → 3.33.
            let own = try await session.calculated(#"{"amount":10000,"currency":"USD","percentageOffRate":5,"surchargeRate":3.5}"#)
            #expect(own.creditCard.surchargeAmount == 333)
            #expect(own.creditCard.surchargeRate == Self.rate("3.5"))
            #expect(own.debitCard.surchargeAmount == 0)
        }
    }

    @Test func cashDiscountFallsOnCashAndACH() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.configure(#"{"zeroCostProcessingOption":"cashDiscount","defaultCashDiscountRate":3.5}"#)
            let response = try await session.calculated(#"{"amount":10000,"currency":"USD"}"#)
            let discounted = AmountResource(baseAmount: 10_000, cashDiscountAmount: 350, cashDiscountRate: Self.rate("3.5"))
            #expect(response.cash == discounted)
            #expect(response.ach == discounted)
            #expect(response.cash.totalAmount == 9_650)
            #expect(response.creditCard == AmountResource(baseAmount: 10_000))
            #expect(response.debitCard == AmountResource(baseAmount: 10_000))
            #expect(response.useCardPrice == nil)
        }
    }

    @Test func dualPricingReadsTheAmountAsTheCardOrTheCashPrice() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.configure(#"{"zeroCostProcessingOption":"dualPricing","defaultDualPricingRate":4}"#)
            let cardPrice = try await session.calculated(#"{"amount":10000,"currency":"USD","useCardPrice":true}"#)
            // 100.00 × 4 / 104 = 3.846… → 3.85.
            #expect(cardPrice.useCardPrice == true)
            #expect(cardPrice.cash == AmountResource(baseAmount: 10_000, cashDiscountAmount: 385, cashDiscountRate: 4))
            #expect(cardPrice.ach.totalAmount == 9_615)
            #expect(cardPrice.creditCard.totalAmount == 10_000)
            #expect(cardPrice.debitCard.totalAmount == 10_000)

            for json in [#"{"amount":10000,"currency":"USD","useCardPrice":false}"#, #"{"amount":10000,"currency":"USD"}"#] {
                let cashPrice = try await session.calculated(json)
                #expect(cashPrice.useCardPrice == false)
                #expect(cashPrice.creditCard == AmountResource(baseAmount: 10_000, surchargeAmount: 400, surchargeRate: 4))
                #expect(cashPrice.debitCard.totalAmount == 10_400)
                #expect(cashPrice.cash.totalAmount == 10_000)
                #expect(cashPrice.ach.totalAmount == 10_000)
            }
        }
    }

    @Test func threeDecimalCurrenciesAndExactRates() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.configure(#"{"availableCurrencies":["KWD"],"zeroCostProcessingOption":"surcharge","defaultSurchargeRate":3.333}"#)
            let reply = try await session.calculate(#"{"amount":1234,"currency":"KWD"}"#)
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.text.contains(#""surchargeRate":3.333"#))
            let response = try reply.decode(CalculateAmountResponse.self)
            // 3.333 % of 1.234 KWD = 0.04112922 → 0.041.
            #expect(response.currencyId == 414)
            #expect(response.creditCard.surchargeAmount == 41)
            #expect(response.creditCard.totalAmount == 1_275)
        }
    }

    @Test func aCalculationKeepsNoIdempotencyRecord() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let key: HTTPFields = [HTTPField.Name(APIHeader.idempotencyKey)!: "calc-1"]
            #expect(try await session.calculate(#"{"amount":100,"currency":"USD"}"#, headers: key).status == 200)
            let other = try await session.calculate(#"{"amount":200,"currency":"USD"}"#, headers: key)
            #expect(other.status == 200, "a different body under the same key is simply another calculation")
            #expect(try await harness.store.read { try await $0.idempotencyRecord(merchantId: harness.merchantId, key: "calc-1") } == nil)
        }
    }

    @Test func calculationNeedsItsPermission() async throws {
        var permissions = APIPermission.defaultGrant
        permissions.removeAll { $0 == .calculateTransactionAmount }
        let harness = try await GatewayHarness.make(permissions: permissions)
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.calculate(#"{"amount":100,"currency":"USD"}"#)
            #expect(reply.status == 403)
            #expect(reply.error?.code == "forbidden")
        }
    }

    @Test func anotherMerchantsPricingDoesNotApply() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.configure(#"{"zeroCostProcessingOption":"surcharge","defaultSurchargeRate":3}"#)
            let other = try await harness.otherMerchantToken(session.client)
            let reply = try await session.send(.post, APIPath.calculateAmount, json: #"{"amount":10000,"currency":"USD"}"#, token: other)
            let response = try reply.decode(CalculateAmountResponse.self)
            #expect(response.zeroCostProcessingOption == .noZeroCost)
            #expect(response.creditCard.totalAmount == 10_000)
        }
    }
}
