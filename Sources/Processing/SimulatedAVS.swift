import PaymentCore

/// The simulator's address verification: the answer is read from the billing address's
/// postal code, so tests and demos can ask for each one (README, "Test cards"):
///
/// | postal code | answer |
/// |---|---|
/// | `00000` | `N` no match |
/// | `11111` | `A` street matches, postal code does not |
/// | `22222` | `Z` postal code matches, street does not |
/// | `99999` | `U` unavailable |
/// | any other, or a street without a postal code | `Y` full match |
///
/// No address with a street or a postal code: no verification, no answer.
public enum SimulatedAVS {
    public static let noMatchPostalCode = "00000"
    public static let addressOnlyPostalCode = "11111"
    public static let postalCodeOnlyPostalCode = "22222"
    public static let unavailablePostalCode = "99999"

    public static func answer(for address: PostalAddress?) -> AVSResult? {
        guard let address, address.isVerifiable else { return nil }
        switch address.postalCode {
        case noMatchPostalCode: return .noMatch
        case addressOnlyPostalCode: return .addressOnly
        case postalCodeOnlyPostalCode: return .postalCodeOnly
        case unavailablePostalCode: return .unavailable
        default: return .fullMatch
        }
    }
}
