import Foundation
import GatewayAPI
import PaymentCore

/// What each tender would pay under the merchant's pricing (ARISE `CalculateAmountResponse`),
/// for showing the customer before they choose how to pay.
public struct AmountCalculation: Sendable, Equatable {
    public var currency: Currency
    /// The merchant's Zero Cost Processing mode the amounts were priced under.
    public var zeroCostProcessingOption: ZeroCostProcessingOption
    /// Dual pricing: whether the request's amount was taken as the card price.
    public var useCardPrice: Bool?
    public var cash: TenderAmount
    public var creditCard: TenderAmount
    public var debitCard: TenderAmount
    public var ach: TenderAmount
    /// The gateway's answer in minor units: Tap to Pay charges these exact totals.
    public var wire: CalculateAmountResponse

    init(_ wire: CalculateAmountResponse) throws(TaplineAPIError) {
        let currency = try AmountConversion.currency(wire.currency)
        self.currency = currency
        zeroCostProcessingOption = wire.zeroCostProcessingOption
        useCardPrice = wire.useCardPrice
        cash = TenderAmount(wire.cash, currency: currency)
        creditCard = TenderAmount(wire.creditCard, currency: currency)
        debitCard = TenderAmount(wire.debitCard, currency: currency)
        ach = TenderAmount(wire.ach, currency: currency)
        self.wire = wire
    }
}
