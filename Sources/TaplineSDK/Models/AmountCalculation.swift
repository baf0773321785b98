import Foundation
import GatewayAPI
import PaymentCore

/// What each tender would pay under the merchant's pricing (ARISE `CalculateAmountResponse`),
/// for showing the customer before they choose how to pay.
public struct AmountCalculation: Sendable, Equatable {
    /// The currency of every amount below.
    public var currency: Currency
    /// The merchant's Zero Cost Processing mode the amounts were priced under.
    public var zeroCostProcessingOption: ZeroCostProcessingOption
    /// Dual pricing: whether the request's amount was taken as the card price.
    public var useCardPrice: Bool?
    /// Paying cash.
    public var cash: TenderBreakdown
    /// Paying by credit card (the one a surcharge applies to).
    public var creditCard: TenderBreakdown
    /// Paying by debit card.
    public var debitCard: TenderBreakdown
    /// Paying by bank transfer (ACH).
    public var ach: TenderBreakdown
    /// The gateway's answer in minor units: Tap to Pay charges these exact totals.
    public var wire: CalculateAmountResponse

    init(_ wire: CalculateAmountResponse) throws(TaplineAPIError) {
        let currency = try AmountConversion.currency(wire.currency)
        self.currency = currency
        zeroCostProcessingOption = wire.zeroCostProcessingOption
        useCardPrice = wire.useCardPrice
        cash = TenderBreakdown(wire.cash, currency: currency)
        creditCard = TenderBreakdown(wire.creditCard, currency: currency)
        debitCard = TenderBreakdown(wire.debitCard, currency: currency)
        ach = TenderBreakdown(wire.ach, currency: currency)
        self.wire = wire
    }
}
