import Foundation
import GatewayAPI
import PaymentCore

/// A Koard tip adjustment: the new tip as an amount, or as a fraction of the payment's
/// subtotal (0.18 = 18 %), exactly one of the two.
struct KoardTipAdjustment: Sendable {
    enum Tip: Sendable {
        case amount(Int64)
        case percentage(Rate)
    }

    let tip: Tip

    init(_ body: KoardAdjustRequest) throws {
        guard body.type == "tip" else {
            throw GatewayFailure.invalid("type", "type must be \"tip\", the one adjustment there is, not '\(body.type)'")
        }
        switch (body.amount, body.percentage) {
        case (let amount?, nil):
            tip = .amount(try AmountField.nonNegative(amount, field: "amount"))
        case (nil, let percentage?):
            // Koard's percentage is a fraction (0.18 = 18 %), held as a Rate from here on.
            let rate = Rate.fraction(percentage)
            if let problem = rate.problem { throw GatewayFailure.invalid("percentage", "percentage \(BreakdownRules.koard.rateLimits(problem))") }
            tip = .percentage(rate)
        case (.some, .some):
            throw GatewayFailure.invalid("percentage", "give amount or percentage, not both")
        case (nil, nil):
            throw GatewayFailure.invalid("amount", "give the new tip as amount (minor units) or percentage (0.18 = 18 %)")
        }
    }

    /// The new tip on `payment`. A percentage applies to the stored breakdown's subtotal,
    /// else to what was captured before the tip, rounded half-up to the minor unit.
    func amount(for payment: Transaction) throws -> Int64 {
        switch tip {
        case .amount(let amount):
            return amount
        case .percentage(let rate):
            let subtotal = payment.breakdown?.subtotal ?? (payment.capturedAmount - payment.tipAmount)
            do {
                return try Money(minorUnits: subtotal, currency: payment.currency).applying(rate: rate.fraction).minorUnits
            } catch {
                throw GatewayFailure.invalid("percentage", "percentage gives a tip too large to take", .amount)
            }
        }
    }
}
