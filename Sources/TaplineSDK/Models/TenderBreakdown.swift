import Foundation
import GatewayAPI
import PaymentCore

/// What one tender (cash, credit card, debit card, ACH) would pay, part by part (ARISE
/// `AmountDto`). Amounts are exact major units; rates are ``Rate``s (the wire's percentages).
/// ``totalAmount`` is always base − percentage off − cash discount + surcharge + tip + tax.
public struct TenderBreakdown: Sendable, Equatable {
    /// The amount before any adjustment.
    public var baseAmount: Decimal
    /// The percentage-off discount taken from the base.
    public var percentageOffAmount: Decimal
    /// The percentage-off rate applied.
    public var percentageOffRate: Rate
    /// The cash discount taken off (cash discount and dual pricing modes).
    public var cashDiscountAmount: Decimal
    /// The cash discount rate applied.
    public var cashDiscountRate: Rate
    /// The surcharge added (surcharge and dual pricing modes).
    public var surchargeAmount: Decimal
    /// The surcharge rate applied.
    public var surchargeRate: Rate
    /// The tip added.
    public var tipAmount: Decimal
    /// The tip rate applied, when the tip was given as a rate.
    public var tipRate: Rate
    /// The tax added.
    public var taxAmount: Decimal
    /// The tax rate applied.
    public var taxRate: Rate
    /// What the customer pays with this tender.
    public var totalAmount: Decimal
    /// The same breakdown in minor units, as the gateway sent it: what a payment is made with.
    public var minorUnits: AmountResource

    init(_ wire: AmountResource, currency: Currency) {
        baseAmount = AmountConversion.decimal(wire.baseAmount, currency)
        percentageOffAmount = AmountConversion.decimal(wire.percentageOffAmount, currency)
        percentageOffRate = .percent(wire.percentageOffRate)
        cashDiscountAmount = AmountConversion.decimal(wire.cashDiscountAmount, currency)
        cashDiscountRate = .percent(wire.cashDiscountRate)
        surchargeAmount = AmountConversion.decimal(wire.surchargeAmount, currency)
        surchargeRate = .percent(wire.surchargeRate)
        tipAmount = AmountConversion.decimal(wire.tipAmount, currency)
        tipRate = .percent(wire.tipRate)
        taxAmount = AmountConversion.decimal(wire.taxAmount, currency)
        taxRate = .percent(wire.taxRate)
        totalAmount = AmountConversion.decimal(wire.totalAmount, currency)
        minorUnits = wire
    }
}
