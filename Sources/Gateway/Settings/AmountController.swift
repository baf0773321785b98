import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// `POST /v1/amounts/calculate`: what each tender would pay for an amount under the
/// merchant's pricing (ARISE `calculateAmount`), before the customer chooses how to pay.
struct AmountController {
    let settings: PaymentSettingsService

    var routes: [GatewayRoute] {
        [
            .notIdempotent(
                APIPath.calculateAmount, .permission(.calculateTransactionAmount),
                because: "a calculation writes nothing: a retry just calculates again"
            ) { input in
                let asked = try JSONCoding.decode(CalculateAmountRequest.self, from: input.body)
                let merchantSettings = try await settings.settings(merchantId: try input.caller.merchantId)
                return try JSONCoding.response(.ok, try Self.calculate(asked, settings: merchantSettings))
            },
        ]
    }

    static func calculate(_ request: CalculateAmountRequest, settings: PaymentSettings) throws -> CalculateAmountResponse {
        guard let currency = Currency(code: request.currency) else {
            throw GatewayError.invalid(
                "currency", "unknown currency '\(request.currency)'; use an ISO 4217 code such as USD", code: .unknownCurrency)
        }
        guard settings.currencies.contains(currency) else {
            let taken = settings.currencies.map(\.code).joined(separator: ", ")
            throw GatewayError.invalid("currency", "this merchant does not take \(currency.code); it takes \(taken)")
        }
        let options = AmountOptions(
            percentageOffRate: request.percentageOffRate, surchargeRate: request.surchargeRate, tipAmount: request.tipAmount,
            tipRate: request.tipRate, useCardPrice: request.useCardPrice)
        let amounts = try price(Money(minorUnits: request.amount, currency: currency), pricing: settings.pricing, options: options)
        let mode = settings.pricing.mode
        return CalculateAmountResponse(
            currency: currency.code, currencyId: currency.numericCode, zeroCostProcessingOption: ZeroCostProcessingOption(mode),
            // Only dual pricing reads the amount as either price.
            useCardPrice: mode == .dualPricing ? request.useCardPrice ?? false : nil,
            cash: render(amounts.cash), creditCard: render(amounts.creditCard), debitCard: render(amounts.debitCard), ach: render(amounts.ach))
    }

    private static func price(_ base: Money, pricing: PricingSettings, options: AmountOptions) throws -> TenderAmounts {
        do {
            return try AmountCalculator.calculate(base, pricing: pricing, options: options)
        } catch {
            throw GatewayError(error)
        }
    }

    static func render(_ breakdown: AmountBreakdown) -> AmountResource {
        AmountResource(
            baseAmount: breakdown.base, percentageOffAmount: breakdown.percentageOff, percentageOffRate: breakdown.percentageOffRate,
            cashDiscountAmount: breakdown.cashDiscount, cashDiscountRate: breakdown.cashDiscountRate, surchargeAmount: breakdown.surcharge,
            surchargeRate: breakdown.surchargeRate, tipAmount: breakdown.tip, tipRate: breakdown.tipRate, taxAmount: breakdown.tax,
            taxRate: breakdown.taxRate)
    }
}

extension CalculateAmountRequest: DecimalFields {
    static var decimalFields: Set<String> { ["percentageOffRate", "surchargeRate", "tipRate"] }
}

extension GatewayError {
    /// The calculator's refusal, naming the request field at fault.
    init(_ error: AmountCalculationError) {
        switch error {
        case .invalidAmount: self = .invalid(error.field, error.description, code: .invalidAmount)
        case .invalidRate, .tipAmountAndRate: self = .invalid(error.field, error.description)
        }
    }
}
