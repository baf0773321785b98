extension PaymentLifecycle {
    /// The share of the authorized amount a capture may add on top of it for a tip, as card
    /// networks let restaurants and services capture more than the hold when the customer tips.
    public static let tipOvercapturePercent: Int64 = 20

    /// How far a capture that carries `tip` may exceed `authorized`: the tip, but never more
    /// than ``tipOvercapturePercent`` of the authorized amount (rounded down).
    public static func tipOvercapture(authorized: Int64, tip: Int64) -> Int64 {
        // Divided first, so no authorized amount can overflow the product.
        max(0, min(tip, authorized / 100 * tipOvercapturePercent + authorized % 100 * tipOvercapturePercent / 100))
    }
}
