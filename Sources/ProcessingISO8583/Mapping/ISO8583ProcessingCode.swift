/// Field 3 values Tapline sends.
enum ISO8583ProcessingCode {
    /// Goods and services: a sale, an authorization and their completions and reversals.
    static let purchase = "000000"
    /// Money back to the card.
    static let refund = "200000"
    /// An adjustment of a completed purchase (tip adjust).
    static let adjustment = "020000"

}
