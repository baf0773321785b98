import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// The exact conversions between the SDK's Decimal amounts and the wire's minor units.
@Suite("SDK amount conversions")
struct AmountConversionTests {
    @Test(arguments: [("12.34", Currency.usd, Int64(1234)), ("1500", .jpy, 1500), ("1.234", .kwd, 1234), ("0.01", .eur, 1)])
    func keyedInputGoesOutInMinorUnits(amount: String, currency: Currency, minor: Int64) throws {
        let input = TestInput.card(Decimal(string: amount)!, tip: 0, currency: currency, referenceId: "r")
        let wire = try input.wire(deviceId: "device-1")
        #expect(wire.amount == minor)
        #expect(wire.currency == currency.code)
        #expect(wire.tipAmount == 0)
        #expect(wire.accountNumber == "4242424242424242")
        #expect(wire.createdById == "device-1")
        #expect(wire.createMethodId == CreateMethod.mobileApp.rawValue)
    }

    /// A float literal is read from its shortest spelling, so what the developer wrote is
    /// what is charged: 0.07 is 7 cents, not 0.07000000000000001 refused.
    @Test func majorUnitsAreExactlyWhatWasWritten() throws {
        let literal: MajorUnits = 0.07
        #expect(try literal.money(in: .usd) == Money(minorUnits: 7, currency: .usd))
        #expect(try MajorUnits(12.1).money(in: .usd).minorUnits == 1_210)
        #expect(try MajorUnits(999_999_999.99).money(in: .usd).minorUnits == 99_999_999_999)
        #expect(try MajorUnits(string: "1.234")?.money(in: .kwd).minorUnits == 1_234)
        #expect(throws: MoneyError.tooManyFractionDigits(currency: .jpy)) { try MajorUnits(0.5).money(in: .jpy) }
        #expect(throws: MoneyError.tooManyFractionDigits(currency: .usd)) { try MajorUnits(0.1 + 0.2).money(in: .usd) }
        for text in ["1e3", " 5", "5,00", "5.", ".5", "--5", "", "NaN"] {
            #expect(MajorUnits(string: text) == nil, "\(text)")
        }
    }

    @Test func aCardInputNeverPrintsTheCardNumber() {
        let input = TestInput.card(10)
        for text in [String(describing: input), String(reflecting: input), "\(input)", { var out = ""; dump(input, to: &out); return out }()] {
            #expect(!text.contains("4242424242424242") && !text.contains("4242 4242 4242 4242"))
            #expect(!text.contains("123"), "the security code must not show")
        }
    }

    @Test func aCalculationAnswerBecomesExactDecimals() throws {
        let card = AmountResource(baseAmount: 10_000, percentageOffAmount: 500, percentageOffRate: 5, surchargeAmount: 285,
                                  surchargeRate: Decimal(string: "3")!, tipAmount: 1_000, taxAmount: 7, taxRate: Decimal(string: "0.07")!)
        let cash = AmountResource(baseAmount: 10_000, percentageOffAmount: 500, percentageOffRate: 5, tipAmount: 1_000)
        let wire = CalculateAmountResponse(currency: "USD", currencyId: 840, zeroCostProcessingOption: .surcharge, useCardPrice: nil,
                                           cash: cash, creditCard: card, debitCard: cash, ach: cash)
        let calculation = try AmountCalculation(wire)
        #expect(calculation.currency == .usd)
        #expect(calculation.zeroCostProcessingOption == .surcharge)
        #expect(calculation.creditCard.totalAmount == Decimal(string: "107.92"))
        #expect(calculation.creditCard.surchargeAmount == Decimal(string: "2.85"))
        #expect(calculation.creditCard.taxAmount == Decimal(string: "0.07"))
        #expect(calculation.creditCard.surchargeRate == .percent(3))
        #expect(calculation.creditCard.taxRate == .fraction(Decimal(string: "0.0007")!))
        #expect(calculation.cash.totalAmount == Decimal(string: "105.00"))
        #expect(calculation.creditCard.minorUnits.totalAmount == 10_792)
        #expect(calculation.wire == wire)
    }

    @Test func aCalculationRequestGoesOutInMinorUnits() throws {
        let request = AmountCalculationRequest(amount: MajorUnits(string: "100.10")!, currency: .usd, percentageOffRate: .percent(Decimal(string: "2.5")!),
                                               surchargeRate: .fraction(Decimal(string: "0.03")!), tipAmount: MajorUnits(string: "1.50"), useCardPrice: true)
        let wire = try request.wire()
        #expect(wire == CalculateAmountRequest(amount: 10_010, currency: "USD", percentageOffRate: Decimal(string: "2.5"), surchargeRate: 3,
                                               tipAmount: 150, useCardPrice: true))
    }

    @Test func filtersUseTheNamesTheGatewayReads() throws {
        let from = Date(timeIntervalSince1970: 1_790_000_000.75)
        let filters = try TransactionFilters(
            page: 2, pageSize: 50, orderBy: "date", asc: true, createMethodId: .tapToPay, createdById: "device-1", batchId: "b-1",
            noBatch: false, status: .captured, type: .sale, from: from, to: from.addingTimeInterval(3600), referenceId: "order-1")
        let items = Dictionary(uniqueKeysWithValues: filters.queryItems.map { ($0.name, $0.value ?? "") })
        #expect(items == [
            "page": "2", "pageSize": "50", "orderBy": "date", "asc": "true", "createMethodId": "9", "createdById": "device-1",
            "batchId": "b-1", "noBatch": "false", "status": "captured", "type": "sale",
            "from": "2026-09-21T14:13:20Z", "to": "2026-09-21T15:13:20Z", "referenceId": "order-1",
        ])
        #expect(try TransactionFilters().queryItems.isEmpty)
    }
}
