/// The parts of a payment's total (Koard `PaymentBreakdown`, ARISE `AmountDto`), in minor
/// units of one currency. `total` is always derived, so it is always the sum of its parts.
public struct AmountBreakdown: Sendable, Equatable, Codable {
    public var base: Int64
    public var tip: Int64
    public var tax: Int64
    public var surcharge: Int64
    /// Percentage-off and cash discounts together; subtracted from the total.
    public var discount: Int64

    public init(base: Int64, tip: Int64 = 0, tax: Int64 = 0, surcharge: Int64 = 0, discount: Int64 = 0) {
        self.base = base
        self.tip = tip
        self.tax = tax
        self.surcharge = surcharge
        self.discount = discount
    }

    /// base + tip + tax + surcharge − discount.
    public var total: Int64 { base + tip + tax + surcharge - discount }
}
