import PaymentCore

extension BreakdownRequest {
    /// The wire form of a breakdown a client already holds (Koard's `PaymentBreakdown`).
    public init(_ breakdown: PaymentBreakdown) {
        self.init(
            subtotal: breakdown.subtotal, taxRate: breakdown.taxRate, taxAmount: breakdown.taxAmount, tipAmount: breakdown.tipAmount,
            tipType: breakdown.tipType.rawValue, surchargeAmount: breakdown.surchargeAmount, surchargeRate: breakdown.surchargeRate)
    }
}
