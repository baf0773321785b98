import Foundation
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// A keyed payment is charged what `/v1/amounts/calculate` says a credit card pays, in every
/// zero-cost mode, and keeps that price part by part.
@Suite("Keyed payments: pricing")
struct KeyedPricingTests {
    static let modes: [(settings: String, options: String)] = [
        (#"{"taxRate":8.25}"#, #","tipRate":15,"percentageOffRate":10"#),
        (#"{"zeroCostProcessingOption":"surcharge","defaultSurchargeRate":3.5,"taxRate":8.25}"#, #","tipAmount":250"#),
        (#"{"zeroCostProcessingOption":"surcharge","defaultSurchargeRate":3.5}"#, #","surchargeRate":1.25,"tipRate":18"#),
        (#"{"zeroCostProcessingOption":"cashDiscount","defaultCashDiscountRate":4,"taxRate":5}"#, #","percentageOffRate":12.5"#),
        (#"{"zeroCostProcessingOption":"dualPricing","defaultDualPricingRate":4}"#, #","useCardPrice":false,"tipRate":20"#),
        (#"{"zeroCostProcessingOption":"dualPricing","defaultDualPricingRate":4,"taxRate":7}"#, #","useCardPrice":true"#),
        (#"{"zeroCostProcessingOption":"dualPricing","defaultDualPricingRate":4}"#, #","surchargeRate":2.5,"percentageOffRate":3"#),
    ]

    @Test(arguments: 0..<modes.count)
    func theCardPaysTheCreditCardTotalOfTheCalculator(_ index: Int) async throws {
        let (settings, options) = Self.modes[index]
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: settings).status == 200)
            let calculated = try await session.send(.post, APIPath.calculateAmount, json: #"{"amount":12345,"currency":"USD"\#(options)}"#)
            #expect(calculated.status == 200, "\(calculated.text)")
            let credit = try calculated.decode(CalculateAmountResponse.self).creditCard
            let body = #"{"amount":12345,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030\#(options)}"#
            let reply = try await session.send(.post, APIPath.authorization, json: body)
            #expect(reply.status == 201, "\(reply.text)")
            let payment = try reply.decode(TransactionResource.self)
            #expect(payment.amountDetails == credit)
            #expect(payment.amount == credit.totalAmount)
            #expect(payment.amounts?.authorized == credit.totalAmount)
            #expect(payment.amounts?.tip == credit.tipAmount)
            let captured = try await session.followUp(payment.id, .capture)
            #expect(captured.status == 201, "the priced hold captures in full: \(captured.text)")
        }
    }

    @Test(arguments: [
        (#""amount":99999999999"#, #"{"taxRate":1}"#, "amount"),
        (#""amount":9223372036854775807"#, nil, "amount"),
        (#""amount":-1"#, nil, "amount"),
        (#""amount":99999999999,"tipAmount":1"#, nil, "amount"),
        (#""amount":100,"tipAmount":9223372036854775807"#, nil, "tipAmount"),
        (#""amount":100,"tipAmount":-5"#, nil, "tipAmount"),
        (#""amount":100,"tipRate":100.00001"#, nil, "tipRate"),
        (#""amount":100,"percentageOffRate":1e400"#, nil, "percentageOffRate"),
        (#""amount":100,"tipRate":"15""#, nil, "tipRate"),
    ] as [(String, String?, String)])
    func extremesAreRefusedNamingTheField(_ fields: String, settings: String?, field: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            if let settings { #expect(try await session.send(.patch, APIPath.paymentSettings, json: settings).status == 200) }
            let body = #"{\#(fields),"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030}"#
            let reply = try await session.send(.post, APIPath.sale, json: body)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.field == field, "\(reply.text)")
        }
    }

    @Test func theLargestPriceThatFitsIsCharged() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let body = #"{"amount":99999999899,"tipAmount":100,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030}"#
            let reply = try await session.send(.post, APIPath.authorization, json: body)
            #expect(reply.status == 201, "\(reply.text)")
            #expect(try reply.decode(TransactionResource.self).amount == Money.largestMinorUnits)
        }
    }
}
