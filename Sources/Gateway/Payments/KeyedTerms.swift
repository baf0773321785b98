import PaymentCore
import Storage

/// What a keyed payment takes from the merchant's settings in phase 1, inside the write
/// that records it (so a refusal leaves nothing behind): its price and, when AVS can
/// refuse, the billing address it must carry.
enum KeyedTerms {
    /// `row` priced: with ``NewPayment/pricing``, amount and tip become the credit-card
    /// tender's total and tip, and the parts are kept as `amountDetails`.
    static func apply(_ payment: NewPayment, settings: PaymentSettings, to row: Transaction) throws -> Transaction {
        var row = row
        if payment.tap == nil, settings.avs.requiresBillingAddress, payment.billingAddress?.isVerifiable != true {
            let profile = settings.avs.profile?.name ?? "set"
            throw GatewayFailure.invalid(
                "billingAddress",
                "billingAddress with line1 or postalCode is required: this merchant's AVS profile (\(profile)) verifies the billing address of keyed payments")
        }
        guard let options = payment.pricing else { return row }
        let price = try PricedAmount.price(
            Money(minorUnits: payment.baseAmount, currency: payment.currency), pricing: settings.pricing, options: options)
        row.amount = price.total
        row.tipAmount = price.tip
        row.amountDetails = price
        return row
    }
}
