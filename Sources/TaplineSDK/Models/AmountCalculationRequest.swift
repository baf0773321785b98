import Foundation
import GatewayAPI
import PaymentCore

/// What to price with ``TaplineClient/calculateAmount(request:)`` (ARISE
/// `CalculateAmountRequest`). Amounts are major units; rates are ``Rate``s (`.percent(3.5)`),
/// sent to the gateway as `/v1` percentages.
public struct AmountCalculationRequest: Sendable, Equatable {
    /// The base amount before discounts, surcharge, tip and tax.
    public var amount: MajorUnits
    /// The currency of ``amount`` and ``tipAmount``.
    public var currency: Currency
    /// A discount off the base amount, 0 % to 100 %.
    public var percentageOffRate: Rate?
    /// Overrides the merchant's default surcharge (or dual-pricing) rate, 0 % to 100 %.
    public var surchargeRate: Rate?
    /// A fixed tip in major units; not together with ``tipRate``.
    public var tipAmount: MajorUnits?
    /// A tip as a rate of the discounted amount, 0 % to 100 %; not together with ``tipAmount``.
    public var tipRate: Rate?
    /// Dual pricing: true when ``amount`` is the card price, false when it is the cash price.
    public var useCardPrice: Bool?

    /// A calculation request; nothing is checked until it is sent.
    public init(amount: MajorUnits, currency: Currency, percentageOffRate: Rate? = nil, surchargeRate: Rate? = nil,
                tipAmount: MajorUnits? = nil, tipRate: Rate? = nil, useCardPrice: Bool? = nil) {
        self.amount = amount
        self.currency = currency
        self.percentageOffRate = percentageOffRate
        self.surchargeRate = surchargeRate
        self.tipAmount = tipAmount
        self.tipRate = tipRate
        self.useCardPrice = useCardPrice
    }

    /// The wire request in minor units; `.badRequest` names the first field at fault.
    func wire() throws(TaplineAPIError) -> CalculateAmountRequest {
        let minorAmount = try AmountConversion.minorUnits(amount, currency, field: "amount")
        let minorTip = try tipAmount.map { tip throws(TaplineAPIError) in
            try AmountConversion.minorUnits(tip, currency, field: "tipAmount", allowZero: true)
        }
        try InputCheck.rate(percentageOffRate, field: "percentageOffRate")
        try InputCheck.rate(surchargeRate, field: "surchargeRate")
        try InputCheck.rate(tipRate, field: "tipRate")
        if tipAmount != nil, tipRate != nil {
            throw .badRequest(.invalidInput("tipRate", "give tipAmount or tipRate, not both"))
        }
        return CalculateAmountRequest(
            amount: minorAmount, currency: currency.code, percentageOffRate: percentageOffRate?.percent,
            surchargeRate: surchargeRate?.percent, tipAmount: minorTip, tipRate: tipRate?.percent, useCardPrice: useCardPrice)
    }
}
