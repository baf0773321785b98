import PaymentCore

extension BreakdownRequest {
    /// The `/v1` wire form of a breakdown (rates as percentages).
    public init(_ breakdown: PaymentBreakdown) {
        self.init(
            subtotal: breakdown.subtotal, taxRate: breakdown.taxRate?.percent, taxAmount: breakdown.taxAmount, tipAmount: breakdown.tipAmount,
            tipType: breakdown.tipType.rawValue, surchargeAmount: breakdown.surchargeAmount, surchargeRate: breakdown.surchargeRate?.percent)
    }

    /// The breakdown this wire form shows (its rates read as percentages), unchecked: for a
    /// client reading a transaction the gateway already checked. An unknown tip type reads
    /// as `fixed`, a label only.
    public var payment: PaymentBreakdown {
        PaymentBreakdown(
            subtotal: subtotal, taxRate: taxRate.map(Rate.percent), taxAmount: taxAmount ?? 0, tipAmount: tipAmount ?? 0,
            tipType: tipType.flatMap(PaymentBreakdown.TipType.init(rawValue:)) ?? .fixed, surchargeAmount: surchargeAmount ?? 0,
            surchargeRate: surchargeRate.map(Rate.percent))
    }
}
