extension ISOResponseCode {
    /// The code the amount-driven test card answers for `amount`: its last two minor-unit
    /// digits (1205 → "05").
    init(lastTwoDigitsOf amount: Int64) {
        let lastTwo = amount % 100
        self.init(rawValue: lastTwo < 10 ? "0\(lastTwo)" : "\(lastTwo)")
    }
}
