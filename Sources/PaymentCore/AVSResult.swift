/// What address verification answered for a payment's billing address: a code in the
/// card schemes' common letters, and what it means for the street and the postal code.
public enum AVSResult: String, Sendable, Equatable, Codable, CaseIterable {
    /// Street and postal code match.
    case fullMatch = "Y"
    /// The postal code matches, the street does not.
    case postalCodeOnly = "Z"
    /// The street matches, the postal code does not.
    case addressOnly = "A"
    /// Neither matches.
    case noMatch = "N"
    /// The issuer or processor could not check (not supported, not answered).
    case unavailable = "U"

    /// The one-letter code (Visa, Mastercard and Discover share these five).
    public var code: String { rawValue }

    public var meaning: String {
        switch self {
        case .fullMatch: return "Street address and postal code match"
        case .postalCodeOnly: return "Postal code matches, street address does not"
        case .addressOnly: return "Street address matches, postal code does not"
        case .noMatch: return "Neither street address nor postal code matches"
        case .unavailable: return "Address verification unavailable"
        }
    }

    /// Whether the street matched; nil when nothing was checked.
    public var addressMatches: Bool? {
        switch self {
        case .fullMatch, .addressOnly: return true
        case .postalCodeOnly, .noMatch: return false
        case .unavailable: return nil
        }
    }

    /// Whether the postal code matched; nil when nothing was checked.
    public var postalCodeMatches: Bool? {
        switch self {
        case .fullMatch, .postalCodeOnly: return true
        case .addressOnly, .noMatch: return false
        case .unavailable: return nil
        }
    }
}
