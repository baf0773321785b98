import Foundation
import GatewayAPI
import PaymentCore

/// What one tender (cash, credit card, debit card, ACH) would pay, part by part (ARISE
/// `AmountDto`). Amounts are exact major units; rates are percentages (3.5 means 3.5 %).
/// ``totalAmount`` is always base − percentage off − cash discount + surcharge + tip + tax.
public struct TenderAmount: Sendable, Equatable {
    public var baseAmount: Decimal
    public var percentageOffAmount: Decimal
    public var percentageOffRate: Decimal
    public var cashDiscountAmount: Decimal
    public var cashDiscountRate: Decimal
    public var surchargeAmount: Decimal
    public var surchargeRate: Decimal
    public var tipAmount: Decimal
    public var tipRate: Decimal
    public var taxAmount: Decimal
    public var taxRate: Decimal
    /// What the customer pays with this tender.
    public var totalAmount: Decimal
    /// The same breakdown in minor units, as the gateway sent it: what a payment is made with.
    public var minorUnits: AmountResource

    init(_ wire: AmountResource, currency: Currency) {
        baseAmount = AmountConversion.decimal(wire.baseAmount, currency)
        percentageOffAmount = AmountConversion.decimal(wire.percentageOffAmount, currency)
        percentageOffRate = wire.percentageOffRate
        cashDiscountAmount = AmountConversion.decimal(wire.cashDiscountAmount, currency)
        cashDiscountRate = wire.cashDiscountRate
        surchargeAmount = AmountConversion.decimal(wire.surchargeAmount, currency)
        surchargeRate = wire.surchargeRate
        tipAmount = AmountConversion.decimal(wire.tipAmount, currency)
        tipRate = wire.tipRate
        taxAmount = AmountConversion.decimal(wire.taxAmount, currency)
        taxRate = wire.taxRate
        totalAmount = AmountConversion.decimal(wire.totalAmount, currency)
        minorUnits = wire
    }
}
