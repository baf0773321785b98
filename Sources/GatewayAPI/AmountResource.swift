import Foundation

/// One tender's price, part by part (ARISE `AmountDto`). Amounts are minor units, rates
/// exact decimal percentages. `totalAmount` = base − percentage off − cash discount +
/// surcharge + tip + tax, always.
public struct AmountResource: Codable, Sendable, Equatable {
    public var baseAmount: Int64
    public var percentageOffAmount: Int64
    public var percentageOffRate: Decimal
    public var cashDiscountAmount: Int64
    public var cashDiscountRate: Decimal
    public var surchargeAmount: Int64
    public var surchargeRate: Decimal
    public var tipAmount: Int64
    public var tipRate: Decimal
    public var taxAmount: Int64
    public var taxRate: Decimal
    public var totalAmount: Int64

    public init(baseAmount: Int64, percentageOffAmount: Int64 = 0, percentageOffRate: Decimal = 0, cashDiscountAmount: Int64 = 0,
                cashDiscountRate: Decimal = 0, surchargeAmount: Int64 = 0, surchargeRate: Decimal = 0, tipAmount: Int64 = 0,
                tipRate: Decimal = 0, taxAmount: Int64 = 0, taxRate: Decimal = 0) {
        self.baseAmount = baseAmount
        self.percentageOffAmount = percentageOffAmount
        self.percentageOffRate = percentageOffRate
        self.cashDiscountAmount = cashDiscountAmount
        self.cashDiscountRate = cashDiscountRate
        self.surchargeAmount = surchargeAmount
        self.surchargeRate = surchargeRate
        self.tipAmount = tipAmount
        self.tipRate = tipRate
        self.taxAmount = taxAmount
        self.taxRate = taxRate
        self.totalAmount = baseAmount - percentageOffAmount - cashDiscountAmount + surchargeAmount + tipAmount + taxAmount
    }
}

/// The answer of `POST /v1/amounts/calculate` (ARISE `CalculateAmountResponse`).
public struct CalculateAmountResponse: Codable, Sendable, Equatable {
    /// ISO 4217 code, e.g. "USD".
    public var currency: String
    /// ISO 4217 numeric code (840 for USD).
    public var currencyId: Int
    public var zeroCostProcessingOption: ZeroCostProcessingOption
    /// Dual pricing: whether the request's amount was the card price.
    public var useCardPrice: Bool?
    public var cash: AmountResource
    public var creditCard: AmountResource
    public var debitCard: AmountResource
    public var ach: AmountResource

    public init(currency: String, currencyId: Int, zeroCostProcessingOption: ZeroCostProcessingOption, useCardPrice: Bool?,
                cash: AmountResource, creditCard: AmountResource, debitCard: AmountResource, ach: AmountResource) {
        self.currency = currency
        self.currencyId = currencyId
        self.zeroCostProcessingOption = zeroCostProcessingOption
        self.useCardPrice = useCardPrice
        self.cash = cash
        self.creditCard = creditCard
        self.debitCard = debitCard
        self.ach = ach
    }
}
