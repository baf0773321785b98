/// Why card data was refused. Cases never carry the card number itself, so an error can
/// be logged or shown without leaking it.
public enum CardDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The card number holds something other than digits, spaces and dashes.
    case invalidCharacters
    /// The card number has this many digits, outside 12–19.
    case invalidLength(Int)
    /// The card number fails the Luhn check.
    case failedLuhnCheck
    /// The expiry month is outside 1–12.
    case invalidExpiryMonth(Int)
    /// The expiry year is neither two nor four digits.
    case invalidExpiryYear(Int)
    /// The expiry text is not "MM/YY", "MM/YYYY", "MMYY" or "MMYYYY".
    case invalidExpiryFormat
    /// The security code (CVV/CVC/CID) is not 3 or 4 digits.
    case invalidSecurityCode
    /// The PIN is not 4 to 12 digits.
    case invalidPIN
    /// Track 2 data is not `PAN=YYMM…` (ISO 7813, optional `;` and `?` sentinels).
    case invalidTrack2

    public var description: String {
        switch self {
        case .invalidCharacters: return "card number may only contain digits, spaces and dashes"
        case .invalidLength(let count): return "card number has \(count) digits; expected 12 to 19"
        case .failedLuhnCheck: return "card number fails the Luhn check"
        case .invalidExpiryMonth(let month): return "expiry month \(month) is not between 1 and 12"
        case .invalidExpiryYear(let year): return "expiry year \(year) is neither two nor four digits"
        case .invalidExpiryFormat: return "expiry must look like MM/YY or MM/YYYY"
        case .invalidSecurityCode: return "security code must be 3 or 4 digits"
        case .invalidPIN: return "PIN must be 4 to 12 digits"
        case .invalidTrack2: return "track 2 must be the card number, '=' (or 'D'), the expiry as YYMM and the service code and discretionary digits"
        }
    }
}
